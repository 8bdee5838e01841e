import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/error-handler';
import { sessionSender } from '../accounts/routes';
import { documentationOnly, validateBody } from '../registration/schemas';
import {
  challengeBody,
  changePasswordBody,
  codeBody,
  createStaffBody,
  enrolConfirmBody,
  routeSchemas,
  settingsBody,
  updateStaffBody,
} from './schemas';
import { NOT_FOUND, type StaffService } from './service';
import { readSecuritySettings, writeSecuritySettings } from './settings';
import type { Enrolment, SignInSteps } from './sign-in-steps';

export interface StaffRoutesOptions {
  config: AppConfig;
  db: Database;
  now: () => Date;
  staff: StaffService;
  signIn: SignInSteps;
}

const NOT_SUPERUSER = 'You do not have permission to perform this action.';

/** After requireStaff: the staff-account screen and its settings are a superuser's only. */
async function requireSuperuser(request: FastifyRequest) {
  if (!request.user.isSuperuser) throw new HttpError(403, NOT_SUPERUSER);
}

/** The QR code is drawn here, as SVG text: the browser downloads no QR library at all. */
async function withQr(enrolment: Enrolment) {
  const qr_svg = await QRCode.toString(enrolment.otpauth_uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
  });
  return { ...enrolment, qr_svg };
}

export async function staffRoutes(app: FastifyInstance, opts: StaffRoutesOptions) {
  const { staff, signIn, config, db, now } = opts;
  const superuser = [app.requireStaff, requireSuperuser];
  const sendSession = sessionSender(config);
  // The sign-in steps take the same per-IP limit as the password step.
  const strict = {
    rateLimit: { max: config.auth.loginRateLimitPerMinute, timeWindow: '1 minute' },
  };
  // Request schemas document; yup decides what is valid and says so in the screens' words.
  const common = { validatorCompiler: documentationOnly };

  app.get(
    '/api/accounts/admin/staff/',
    { ...common, schema: routeSchemas.list, preHandler: superuser },
    async () => ({ results: await staff.list() }),
  );

  app.post(
    '/api/accounts/admin/staff/',
    { ...common, schema: routeSchemas.create, preHandler: superuser },
    async (request, reply) => {
      const body = await validateBody(createStaffBody, request.body);
      const created = await staff.create({
        username: body.username,
        password: body.password,
        actorUserId: request.user.id,
        ip: request.ip,
      });
      return reply.status(201).send(created);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/accounts/admin/staff/:id/',
    { ...common, schema: routeSchemas.update, preHandler: superuser },
    async (request) => {
      const raw = request.params.id;
      if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) {
        throw new HttpError(404, NOT_FOUND);
      }
      const body = await validateBody(updateStaffBody, request.body);
      if (Object.values(body).every((value) => value === undefined)) {
        throw new HttpError(400, 'Nothing to change.');
      }
      return staff.update({
        id: Number(raw),
        isActive: body.is_active,
        isSuperuser: body.is_superuser,
        resetPassword: body.reset_password,
        resetSecondFactor: body.reset_second_factor,
        actorUserId: request.user.id,
        ip: request.ip,
      });
    },
  );

  app.get(
    '/api/accounts/admin/security-settings/',
    { ...common, schema: routeSchemas.readSettings, preHandler: superuser },
    async () => ({ totp_required: (await readSecuritySettings(db)).totpRequired }),
  );

  app.put(
    '/api/accounts/admin/security-settings/',
    { ...common, schema: routeSchemas.writeSettings, preHandler: superuser },
    async (request) => {
      const body = await validateBody(settingsBody, request.body);
      const saved = await writeSecuritySettings(db, {
        totpRequired: body.totp_required,
        actorUserId: request.user.id,
        ip: request.ip,
        at: now(),
      });
      return { totp_required: saved.totpRequired };
    },
  );

  // --- The steps after a staff password (no session yet: the challenge stands in for one).

  app.post(
    '/api/accounts/admin/login/change-password/',
    { ...common, schema: routeSchemas.changePassword, config: strict },
    async (request, reply) => {
      const body = await validateBody(changePasswordBody, request.body);
      const result = await signIn.changePassword(body.challenge, body.new_password, request.ip);
      return 'challenge' in result ? result : sendSession(reply, 'admin', result);
    },
  );

  app.post(
    '/api/accounts/admin/login/verify-code/',
    { ...common, schema: routeSchemas.verifyCode, config: strict },
    async (request, reply) => {
      const body = await validateBody(codeBody, request.body);
      const session = await signIn.verifyCode(body.challenge, body.code, request.ip);
      return sendSession(reply, 'admin', session);
    },
  );

  app.post(
    '/api/accounts/admin/login/enrol-totp/',
    { ...common, schema: routeSchemas.enrolBySignIn, config: strict },
    async (request, reply) => {
      const body = await validateBody(challengeBody, request.body);
      const enrolment = await withQr(await signIn.beginEnrolmentBySignIn(body.challenge));
      return reply.header('cache-control', 'no-store').send(enrolment);
    },
  );

  app.post(
    '/api/accounts/admin/login/enrol-totp/confirm/',
    { ...common, schema: routeSchemas.confirmBySignIn, config: strict },
    async (request, reply) => {
      const body = await validateBody(codeBody, request.body);
      const { recoveryCodes, session } = await signIn.confirmEnrolmentBySignIn(
        body.challenge,
        body.code,
        request.ip,
      );
      return reply
        .header('cache-control', 'no-store')
        .send({ ...sendSession(reply, 'admin', session), recovery_codes: recoveryCodes });
    },
  );

  // --- A signed-in staff member sets up the second factor of their own accord.

  app.get(
    '/api/accounts/admin/totp/',
    { ...common, schema: routeSchemas.totpStatus, preHandler: app.requireStaff },
    async (request) => signIn.status(request.user.id),
  );

  app.post(
    '/api/accounts/admin/totp/enrol/',
    { ...common, schema: routeSchemas.enrol, preHandler: app.requireStaff },
    async (request, reply) => {
      const enrolment = await withQr(
        await signIn.beginEnrolment({ id: request.user.id, username: request.user.username }),
      );
      return reply.header('cache-control', 'no-store').send(enrolment);
    },
  );

  app.post(
    '/api/accounts/admin/totp/enrol/confirm/',
    { ...common, schema: routeSchemas.confirm, preHandler: app.requireStaff },
    async (request, reply) => {
      const body = await validateBody(enrolConfirmBody, request.body);
      const codes = await signIn.confirmEnrolment(request.user.id, body.code, request.ip);
      return reply.header('cache-control', 'no-store').send({ recovery_codes: codes });
    },
  );
}
