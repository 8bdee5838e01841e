import { createDecoder } from 'fast-jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env';
import { HttpError } from '../../plugins/error-handler';
import { requestLocale } from '../i18n/request-locale';
import {
  adminLoginBody,
  loginBody,
  resetBody,
  resetRequestBody,
  resetVerifyBody,
  routeSchemas,
  sendOtpBody,
  signupBody,
  validate,
} from './schemas';
import { type AccountsService, type Session, toPublicUser } from './service';
import type { Portal } from './tokens';

export interface AccountsRoutesOptions {
  config: AppConfig;
  accounts: AccountsService;
}

const COOKIE_PATH = '/api/accounts/';
const cookieName = (portal: Portal) => `${portal}_refresh`;

function readPortal(request: FastifyRequest): Portal | undefined {
  const value = request.headers['x-portal'];
  if (value === undefined) return undefined;
  if (value === 'client' || value === 'admin') return value;
  throw new HttpError(400, 'The X-Portal header must be client or admin.');
}

/** Sets a new session's refresh cookie and returns the body that carries its access token. */
export function sessionSender(config: AppConfig) {
  const cookieOptions = refreshCookieOptions(config);
  return (reply: FastifyReply, portal: Portal, session: Session) => {
    void reply.setCookie(cookieName(portal), session.refresh, {
      ...cookieOptions,
      maxAge: config.auth.refreshTokenTtlSeconds,
    });
    return { access: session.access, user: session.user };
  };
}

function refreshCookieOptions(config: AppConfig) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: COOKIE_PATH,
    secure: config.deployEnv === 'production',
  };
}

export async function accountsRoutes(app: FastifyInstance, opts: AccountsRoutesOptions) {
  const { accounts, config } = opts;
  const cookieOptions = refreshCookieOptions(config);
  // Every code, login and reset route: per-IP limits on top of the per-number OTP rules.
  const strict = {
    rateLimit: { max: config.auth.loginRateLimitPerMinute, timeWindow: '1 minute' },
  };

  const sendSession = sessionSender(config);

  function clearSession(reply: FastifyReply, portal: Portal) {
    void reply.clearCookie(cookieName(portal), cookieOptions);
  }

  app.post(
    '/api/accounts/otp/send/',
    { schema: routeSchemas.sendOtp, config: strict },
    async (request) => {
      const { mobile } = validate(sendOtpBody, request.body);
      await accounts.sendSignupCode(mobile, request.ip, requestLocale(request));
      return { message: 'OTP sent successfully.' };
    },
  );

  app.post(
    '/api/accounts/signup/',
    { schema: routeSchemas.signup, config: strict },
    async (request, reply) => {
      const body = validate(signupBody, request.body);
      const session = await accounts.signup({
        phone: body.phone_number,
        password: body.password,
        otp: body.otp,
        // The language the client signed up in, else the one they asked in.
        language: body.language ?? requestLocale(request),
      });
      return reply
        .status(201)
        .send({ ...sendSession(reply, 'client', session), message: 'Signup successful!' });
    },
  );

  app.post(
    '/api/accounts/auth/login/',
    { schema: routeSchemas.login, config: strict },
    async (request, reply) => {
      const body = validate(loginBody, request.body);
      return sendSession(
        reply,
        'client',
        await accounts.login(body.mobile, body.password, request.ip),
      );
    },
  );

  app.post(
    '/api/accounts/admin/login/',
    { schema: routeSchemas.adminLogin, config: strict },
    async (request, reply) => {
      const body = validate(adminLoginBody, request.body);
      const result = await accounts.adminLogin(body.username, body.password, request.ip);
      // A step still due: a challenge for it, and no session (staff module).
      if ('challenge' in result) return result;
      return sendSession(reply, 'admin', result);
    },
  );

  app.post(
    '/api/accounts/auth/forgot-password/request/',
    { schema: routeSchemas.resetRequest, config: strict },
    async (request) => {
      const body = validate(resetRequestBody, request.body);
      await accounts.requestPasswordReset(body.phone_number, request.ip);
      return { message: 'If an account exists for this number, an OTP has been sent.' };
    },
  );

  app.post(
    '/api/accounts/auth/forgot-password/verify/',
    { schema: routeSchemas.resetVerify, config: strict },
    async (request) => {
      const body = validate(resetVerifyBody, request.body);
      const resetToken = await accounts.verifyPasswordReset(body.phone_number, body.otp);
      return { reset_token: resetToken, message: 'OTP verified successfully!' };
    },
  );

  app.post(
    '/api/accounts/auth/forgot-password/reset/',
    { schema: routeSchemas.reset, config: strict },
    async (request) => {
      const body = validate(resetBody, request.body);
      await accounts.resetPassword(body.phone_number, body.reset_token, body.new_password);
      return { message: 'Password reset successfully! Please sign in with your new password.' };
    },
  );

  app.post(
    '/api/accounts/token/refresh/',
    { schema: routeSchemas.refresh },
    async (request, reply) => {
      const portal = readPortal(request);
      if (!portal) throw new HttpError(400, 'The X-Portal header must be client or admin.');
      const token = request.cookies[cookieName(portal)];
      const session = token ? await accounts.refresh(token, portal) : null;
      if (!session) {
        clearSession(reply, portal);
        throw new HttpError(401, 'Your session has expired. Please sign in again.');
      }
      return sendSession(reply, portal, session);
    },
  );

  app.post('/api/accounts/logout/', { schema: routeSchemas.logout }, async (request, reply) => {
    // The access token may have expired: it only hints which portal's cookie to end.
    const portals: Portal[] = [];
    const chosen = readPortal(request) ?? portalOfBearer(request);
    portals.push(...(chosen ? [chosen] : (['client', 'admin'] as const)));
    for (const portal of portals) {
      const token = request.cookies[cookieName(portal)];
      if (token) await accounts.logout(token);
      clearSession(reply, portal);
    }
    return { message: 'Logged out successfully.' };
  });

  app.get(
    '/api/accounts/user/',
    { schema: routeSchemas.currentUser, preHandler: app.requireSignedIn },
    // The sign-in check has just read this user's row (plugins/auth.ts): no second statement on
    // the read every signed-in page starts with (bench/README.md F22).
    async (request) => toPublicUser(request.user),
  );
}

const decodeJwt = createDecoder();

function portalOfBearer(request: FastifyRequest): Portal | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return undefined;
  try {
    const { portal } = decodeJwt(match[1]);
    return portal === 'client' || portal === 'admin' ? portal : undefined;
  } catch {
    return undefined;
  }
}
