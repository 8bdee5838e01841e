import type { Locale } from '@loan-portal/api-client';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthConfig, OtpConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit';
import {
  adminSignInPolicies,
  CLIENT_SIGN_IN_POLICIES,
  createSignInThrottle,
  describeWait,
  isRefusal,
  type Refusal,
} from '../sign-in-throttle';
import type { AdminSignInGate, PendingSignIn } from '../staff/sign-in-steps';
import type { OtpService } from './otp';
import { admitHashing, hashPassword } from './passwords';
import { passwordResetTokens, type UserRow, users } from './tables';
import {
  type AccessTokens,
  hashOpaqueToken,
  newOpaqueToken,
  type Portal,
  type RefreshTokenStore,
} from './tokens';

/** The user object of every accounts answer. */
export interface PublicUser {
  id: number;
  phone_number: string | null;
  username: string | null;
  is_staff: boolean;
  is_superuser: boolean;
  /** A client's language (issue 16); staff accounts, whose portal is English, have none. */
  preferred_language?: Locale;
}

export function toPublicUser(
  user: Pick<UserRow, 'id' | 'phoneNumber' | 'username' | 'isStaff' | 'isSuperuser'> &
    Partial<Pick<UserRow, 'preferredLanguage'>>,
): PublicUser {
  return {
    id: user.id,
    phone_number: user.phoneNumber,
    username: user.username,
    is_staff: user.isStaff,
    is_superuser: user.isSuperuser,
    ...(user.phoneNumber && user.preferredLanguage
      ? { preferred_language: user.preferredLanguage }
      : {}),
  };
}

export interface Session {
  access: string;
  refresh: string;
  user: PublicUser;
}

export const LOGIN_FAILED = 'Invalid credentials, please try again.';
export const ADMIN_LOGIN_FAILED = 'Invalid credentials';
const RESET_TOKEN_INVALID = 'This reset link is invalid or has expired. Please start again.';

export function createAccountsService(deps: {
  db: Database;
  auth: AuthConfig;
  otpConfig: OtpConfig;
  otp: OtpService;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokenStore;
  now: () => Date;
  /** The steps a correct staff password may still owe (staff module): a challenge, no session. */
  adminSignInGate?: AdminSignInGate;
}) {
  const { db, otp, now } = deps;
  const clientThrottle = createSignInThrottle({
    db,
    now,
    portal: 'client',
    policies: CLIENT_SIGN_IN_POLICIES,
  });
  const adminThrottle = createSignInThrottle({
    db,
    now,
    portal: 'admin',
    policies: adminSignInPolicies(deps.auth),
  });

  async function findByPhone(phone: string): Promise<UserRow | undefined> {
    const [user] = await db.select().from(users).where(eq(users.phoneNumber, phone));
    return user;
  }

  async function startSession(user: UserRow, portal: Portal): Promise<Session> {
    const refresh = await deps.refreshTokens.start(user.id, portal);
    // The access token names its sign-in, so the sign-in's logout ends it too.
    const access = await deps.accessTokens.issue(user.id, portal, refresh.sessionId);
    return { access, refresh: refresh.token, user: toPublicUser(user) };
  }

  return {
    /**
     * Answers alike whether or not the number has an account (OWASP's advice against account
     * enumeration), under the same caps: a registered number gets a notice instead of a code.
     */
    async sendSignupCode(phone: string, ip: string, locale: Locale = 'en') {
      const registered = await findByPhone(phone);
      await otp.issue({
        phone,
        purpose: 'signup',
        ip,
        deliver: registered ? 'account_exists' : true,
        // A registered number is told in its account's language, a new one in the caller's.
        locale: registered?.preferredLanguage ?? locale,
      });
    },

    async signup(input: {
      phone: string;
      password: string;
      otp: string;
      language?: Locale;
    }): Promise<Session> {
      // A registered number's code was never sent, so it fails here like any wrong code; one
      // guessed right meets the existing account below and is refused the same way.
      const refused = () => new HttpError(400, 'Invalid OTP. Please request a new one.');
      // Checked inside its place in the hashing queue: a signup answered "busy" has not used one
      // of the code's attempts. Hash first (the slow part), then spend the code and create the
      // user in one transaction: an instance killed in between leaves the code unspent.
      const { code, passwordHash } = await admitHashing(async (argon) => {
        const checked = await otp.check({ phone: input.phone, purpose: 'signup', code: input.otp });
        return { code: checked, passwordHash: await argon.hash(input.password) };
      });
      const user = await db.transaction(async (tx) => {
        if (!(await otp.spend(tx, code))) throw refused();
        const [created] = await tx
          .insert(users)
          .values({ phoneNumber: input.phone, passwordHash, preferredLanguage: input.language })
          .onConflictDoNothing()
          .returning();
        if (!created) throw refused();
        return created;
      });
      return startSession(user, 'client');
    },

    /** Client login, slowed and then blocked per number (see CLIENT_SIGN_IN_POLICIES). */
    async login(phone: string, password: string, ip: string): Promise<Session> {
      // The try is counted inside its place in the hashing queue: "busy" counts nothing.
      const user = await admitHashing(async (argon) => {
        const attempt = await clientThrottle.begin(phone, ip);
        if (isRefusal(attempt)) throw clientRefused(attempt);
        const found = await findByPhone(phone);
        if (!(await argon.verify(found?.passwordHash, password)) || !found) {
          const blocked = await clientThrottle.settle(attempt, false);
          if (blocked) throw clientRefused(blocked);
          throw new HttpError(401, LOGIN_FAILED);
        }
        await clientThrottle.settle(attempt, true);
        return found;
      });
      return startSession(user, 'client');
    },

    /**
     * Staff login with the spec's lockout per username and address, and a slower limit per
     * username across addresses. Wrong password, unknown name and non-staff user get the very
     * same answer, so the form reveals nothing about who exists.
     */
    async adminLogin(
      username: string,
      password: string,
      ip: string,
    ): Promise<Session | PendingSignIn> {
      // The try is counted inside its place in the hashing queue: "busy" counts nothing.
      const { attempt, user, passwordOk } = await admitHashing(async (argon) => {
        const begun = await adminThrottle.begin(username, ip);
        if (isRefusal(begun)) {
          await recordAudit(db, {
            actorUserId: null,
            action: 'admin.login.failed',
            subject: username,
            details: { reason: 'locked' },
            ip,
          });
          throw adminLocked(begun);
        }
        const [found] = await db.select().from(users).where(eq(users.username, username));
        return {
          attempt: begun,
          user: found,
          passwordOk: await argon.verify(found?.passwordHash, password),
        };
      });
      if (user && passwordOk && user.isActive && (user.isStaff || user.isSuperuser)) {
        // A step still due (new password, code, enrolment): the try is not a failure, but the
        // count stays until the sign-in completes, so wrong codes add to wrong passwords.
        const next = await deps.adminSignInGate?.stepAfterPassword(user);
        if (next) {
          await adminThrottle.release(attempt);
          await recordAudit(db, {
            actorUserId: user.id,
            action: 'admin.login.password_accepted',
            subject: username,
            details: { next },
            ip,
          });
          return { challenge: await deps.adminSignInGate!.issueChallenge(user.id, next), next };
        }
        await adminThrottle.settle(attempt, true);
        await recordAudit(db, {
          actorUserId: user.id,
          action: 'admin.login.succeeded',
          subject: username,
          ip,
        });
        return startSession(user, 'admin');
      }
      const reason = !user
        ? 'unknown_user'
        : !passwordOk
          ? 'wrong_password'
          : !user.isActive
            ? 'disabled'
            : 'not_staff';
      await recordAudit(db, {
        actorUserId: user?.id ?? null,
        action: 'admin.login.failed',
        subject: username,
        details: { reason },
        ip,
      });
      const blocked = await adminThrottle.settle(attempt, false);
      if (blocked) throw adminLocked(blocked);
      throw new HttpError(401, ADMIN_LOGIN_FAILED);
    },

    async refresh(token: string, portal: Portal): Promise<Session | null> {
      // One transaction holding the user's row from the claim to the new access token: a
      // password reset waits for it and then ends what it made, or it waits for the reset and
      // finds its token revoked. Nothing issued here can outlive a reset.
      return db.transaction(async (tx) => {
        const rotated = await deps.refreshTokens.rotate(token, portal, tx);
        if (!rotated) return null;
        const [user] = await tx.select().from(users).where(eq(users.id, rotated.userId));
        if (
          !user ||
          (portal === 'admin' && (!user.isActive || (!user.isStaff && !user.isSuperuser)))
        ) {
          await deps.refreshTokens.revokeFamily(rotated.token, tx);
          return null;
        }
        return {
          access: await deps.accessTokens.issue(user.id, portal, rotated.sessionId),
          refresh: rotated.token,
          user: toPublicUser(user),
        };
      });
    },

    logout: (token: string) => deps.refreshTokens.revokeFamily(token),

    async requestPasswordReset(phone: string, ip: string) {
      const user = await findByPhone(phone);
      const locale = user?.preferredLanguage;
      await otp.issue({ phone, purpose: 'reset', ip, deliver: Boolean(user), locale });
    },

    async verifyPasswordReset(phone: string, code: string): Promise<string> {
      await otp.consume({ phone, purpose: 'reset', code });
      const user = await findByPhone(phone);
      if (!user) throw new HttpError(400, 'Invalid OTP. Please request a new one.');
      const { token, hash } = newOpaqueToken();
      const at = now();
      await db.insert(passwordResetTokens).values({
        tokenHash: hash,
        userId: user.id,
        createdAt: at,
        expiresAt: new Date(at.getTime() + deps.otpConfig.resetTokenTtlSeconds * 1000),
      });
      return token;
    },

    async resetPassword(phone: string, resetToken: string, newPassword: string) {
      const at = now();
      const user = await findByPhone(phone);
      if (!user) throw new HttpError(400, RESET_TOKEN_INVALID);
      const usable = and(
        eq(passwordResetTokens.tokenHash, hashOpaqueToken(resetToken)),
        eq(passwordResetTokens.userId, user.id),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, at),
      );
      // Looked up before hashing, so a wrong token costs no argon2 work.
      const [found] = await db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(usable);
      if (!found) throw new HttpError(400, RESET_TOKEN_INVALID);
      const passwordHash = await hashPassword(newPassword);
      // All or nothing: a new password with the old sessions still alive would leave whoever
      // prompted the reset signed in. On a failure the token is not spent, so the user can retry.
      await db.transaction(async (tx) => {
        // The user's row is locked first, as a refresh does: a refresh under way finishes before
        // the cut-off below is taken, and a later one finds its token revoked.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        // Taken now, after the hashing: a session begun while the password was being hashed
        // is older than the cut-off and ends with the rest.
        const cutOff = now();
        // Claimed in one statement: single use even under parallel requests.
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(usable)
          .returning({ id: passwordResetTokens.id });
        if (!claimed) throw new HttpError(400, RESET_TOKEN_INVALID);
        await tx
          .update(users)
          .set({ passwordHash, sessionsValidAfter: cutOff })
          .where(eq(users.id, user.id));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
        await deps.refreshTokens.revokeAllOfUser(user.id, tx);
      });
      // The owner proved the number again: the guesses counted against it no longer hold them up.
      await clientThrottle.forget(phone);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** The admin form's lock: the spec's message for its 30 seconds, a countdown from Retry-After. */
export function adminLocked(refusal: Refusal): HttpError {
  const message = refusal.blocked
    ? `Too many failed attempts. Account locked for ${describeWait(refusal.blockSeconds)}.`
    : `Too many failed attempts. Please wait ${describeWait(refusal.retryAfterSeconds)}.`;
  return new HttpError(429, message, undefined, {
    'retry-after': String(refusal.retryAfterSeconds),
  });
}

/** The client's login shows the server's message as it is (spec section 6). */
function clientRefused(refusal: Refusal): HttpError {
  const message = refusal.blocked
    ? `Too many failed sign-in attempts. Please try again in ${describeWait(refusal.retryAfterSeconds)}, or reset your password.`
    : `Too many failed sign-in attempts. Please wait ${describeWait(refusal.retryAfterSeconds)} and try again.`;
  return new HttpError(429, message, undefined, {
    'retry-after': String(refusal.retryAfterSeconds),
  });
}

/** Creates a staff user (or makes an existing one staff again) for the CLI and ADMIN_USERNAME. */
export async function ensureStaffUser(
  db: Database,
  input: { username: string; password: string; superuser?: boolean },
): Promise<{ id: number; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({
      username: input.username,
      passwordHash,
      isStaff: true,
      isSuperuser: input.superuser ?? false,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created) return { id: created.id, created: true };
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, input.username));
  return { id: existing.id, created: false };
}
