import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AuthConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { FieldCipher } from '../../lib/encryption';
import { HttpError } from '../../plugins/error-handler';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { adminLocked, type Session, toPublicUser } from '../accounts/service';
import { type UserRow, users } from '../accounts/tables';
import {
  type AccessTokens,
  hashOpaqueToken,
  newOpaqueToken,
  type RefreshTokenStore,
} from '../accounts/tokens';
import { recordAudit } from '../audit';
import { adminSignInPolicies, createSignInThrottle, isRefusal } from '../sign-in-throttle';
import { readSecuritySettings } from './settings';
import { staffRecoveryCodes, staffSignInChallenges, staffTotp } from './tables';
import {
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  totpUri,
} from './totp';

export type SignInStep = 'change_password' | 'totp' | 'enrol_totp';

/** What the password step answers when a session cannot start yet. */
export interface PendingSignIn {
  challenge: string;
  next: SignInStep;
}

/** The admin login hands over to these when a step is due (see accounts/service.ts). */
export interface AdminSignInGate {
  /** The step a user owes after a correct password, or null for a session at once. */
  stepAfterPassword(user: UserRow): Promise<SignInStep | null>;
  issueChallenge(userId: number, step: SignInStep): Promise<string>;
}

export const CHALLENGE_INVALID = 'Your sign-in has expired. Please sign in again.';
export const CODE_INVALID = 'Invalid code';
export const STAFF_PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters long`;
export const PASSWORD_UNCHANGED = 'Choose a password different from the temporary one';
const CHALLENGE_TTL_MS = 5 * 60_000;

export interface Enrolment {
  secret: string;
  otpauth_uri: string;
}

export function createSignInSteps(deps: {
  db: Database;
  now: () => Date;
  auth: AuthConfig;
  cipher: FieldCipher;
  issuer: string;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokenStore;
}) {
  const { db, now, cipher } = deps;
  // The same rows as the password step's throttle (portal 'admin'): a wrong code counts
  // towards the very lockout a wrong password does.
  const throttle = createSignInThrottle({
    db,
    now,
    portal: 'admin',
    policies: adminSignInPolicies(deps.auth),
  });

  async function totpRow(userId: number) {
    const [row] = await db.select().from(staffTotp).where(eq(staffTotp.userId, userId));
    return row;
  }

  async function stepAfterPassword(user: UserRow): Promise<SignInStep | null> {
    if (user.mustChangePassword) return 'change_password';
    const totp = await totpRow(user.id);
    if (totp?.enabledAt) return 'totp';
    const settings = await readSecuritySettings(db);
    return settings.totpRequired ? 'enrol_totp' : null;
  }

  async function issueChallenge(userId: number, step: SignInStep): Promise<string> {
    const { token, hash } = newOpaqueToken();
    const at = now();
    await db.insert(staffSignInChallenges).values({
      tokenHash: hash,
      userId,
      step,
      createdAt: at,
      expiresAt: new Date(at.getTime() + CHALLENGE_TTL_MS),
    });
    return token;
  }

  /** The open challenge of this step and its (still active staff) user; 401 otherwise. */
  async function openChallenge(token: string, step: SignInStep) {
    const [row] = await db
      .select({ id: staffSignInChallenges.id, user: users })
      .from(staffSignInChallenges)
      .innerJoin(users, eq(users.id, staffSignInChallenges.userId))
      .where(
        and(
          eq(staffSignInChallenges.tokenHash, hashOpaqueToken(token)),
          eq(staffSignInChallenges.step, step),
          isNull(staffSignInChallenges.usedAt),
          gt(staffSignInChallenges.expiresAt, now()),
        ),
      );
    if (!row?.user.isActive || !(row.user.isStaff || row.user.isSuperuser)) {
      throw new HttpError(401, CHALLENGE_INVALID);
    }
    return row;
  }

  /** Spends a challenge in one statement: of two parallel uses, one wins. */
  async function spend(challengeId: number) {
    const [claimed] = await db
      .update(staffSignInChallenges)
      .set({ usedAt: now() })
      .where(and(eq(staffSignInChallenges.id, challengeId), isNull(staffSignInChallenges.usedAt)))
      .returning({ id: staffSignInChallenges.id });
    if (!claimed) throw new HttpError(401, CHALLENGE_INVALID);
  }

  async function startSession(user: UserRow, ip: string): Promise<Session> {
    const refresh = await deps.refreshTokens.start(user.id, 'admin');
    const access = await deps.accessTokens.issue(user.id, 'admin', refresh.sessionId);
    await recordAudit(db, {
      actorUserId: user.id,
      action: 'admin.login.succeeded',
      subject: user.username ?? undefined,
      ip,
    });
    return { access, refresh: refresh.token, user: toPublicUser(user) };
  }

  /** The next step after one is done: another challenge, or the session. */
  async function continueSignIn(user: UserRow, ip: string): Promise<Session | PendingSignIn> {
    const next = await stepAfterPassword(user);
    if (next) return { challenge: await issueChallenge(user.id, next), next };
    return startSession(user, ip);
  }

  /**
   * Checks a 6-digit code (replays refused) or spends a recovery code. Returns what matched, or
   * null. A matched code's time step is stored in the same statement that checks it is newer.
   */
  async function checkSecondFactor(userId: number, code: string, ip: string) {
    const totp = await totpRow(userId);
    if (!totp?.enabledAt) return null;
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) {
      const step = await matchTotp({
        secret: cipher.decrypt(totp.secretEncrypted),
        code: trimmed,
        now: now(),
        afterTimeStep: totp.lastTimeStep,
      });
      if (step === null) return null;
      const [stored] = await db
        .update(staffTotp)
        .set({ lastTimeStep: step })
        .where(
          and(
            eq(staffTotp.userId, userId),
            sql`(${staffTotp.lastTimeStep} IS NULL OR ${staffTotp.lastTimeStep} < ${step})`,
          ),
        )
        .returning({ userId: staffTotp.userId });
      return stored ? 'totp' : null;
    }
    if (normaliseRecoveryCode(trimmed).length !== 10) return null;
    const [used] = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(staffRecoveryCodes.userId, userId),
          eq(staffRecoveryCodes.codeHash, hashRecoveryCode(trimmed)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    if (!used) return null;
    await recordAudit(db, {
      actorUserId: userId,
      action: 'admin.recovery_code.used',
      ip,
    });
    return 'recovery_code';
  }

  /** Starts (or restarts) an enrolment: a new secret, stored encrypted until a code confirms it. */
  async function beginEnrolment(user: Pick<UserRow, 'id' | 'username'>): Promise<Enrolment> {
    const existing = await totpRow(user.id);
    if (existing?.enabledAt) {
      throw new HttpError(409, 'Two-step sign-in is already set up for this account.');
    }
    const secret = newTotpSecret();
    const at = now();
    await db
      .insert(staffTotp)
      .values({ userId: user.id, secretEncrypted: cipher.encrypt(secret), createdAt: at })
      .onConflictDoUpdate({
        target: staffTotp.userId,
        set: { secretEncrypted: cipher.encrypt(secret), createdAt: at, lastTimeStep: null },
        setWhere: isNull(staffTotp.enabledAt),
      });
    return {
      secret,
      otpauth_uri: totpUri(secret, deps.issuer, user.username ?? `user-${user.id}`),
    };
  }

  /** A first code proves the app holds the secret: enabled, and ten recovery codes made. */
  async function confirmEnrolment(userId: number, code: string, ip: string): Promise<string[]> {
    const totp = await totpRow(userId);
    if (!totp) throw new HttpError(409, 'Start the setup first.');
    if (totp.enabledAt) {
      throw new HttpError(409, 'Two-step sign-in is already set up for this account.');
    }
    const step = await matchTotp({
      secret: cipher.decrypt(totp.secretEncrypted),
      code: code.trim(),
      now: now(),
      afterTimeStep: null,
    });
    if (step === null) {
      await recordAudit(db, {
        actorUserId: userId,
        action: 'admin.totp.enrolment_failed',
        ip,
      });
      throw new HttpError(400, CODE_INVALID, { code: CODE_INVALID });
    }
    const codes = newRecoveryCodes();
    await db.transaction(async (tx) => {
      const [enabled] = await tx
        .update(staffTotp)
        .set({ enabledAt: now(), lastTimeStep: step })
        .where(and(eq(staffTotp.userId, userId), isNull(staffTotp.enabledAt)))
        .returning({ userId: staffTotp.userId });
      if (!enabled) {
        throw new HttpError(409, 'Two-step sign-in is already set up for this account.');
      }
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
      await tx
        .insert(staffRecoveryCodes)
        .values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
      await recordAudit(tx, { actorUserId: userId, action: 'admin.totp.enabled', ip });
    });
    return codes;
  }

  return {
    gate: { stepAfterPassword, issueChallenge } satisfies AdminSignInGate,

    /** The first sign-in with a temporary password: a new one, then the next step. */
    async changePassword(challenge: string, newPassword: string, ip: string) {
      if (newPassword.length < STAFF_PASSWORD_MIN_LENGTH) {
        throw new HttpError(400, PASSWORD_TOO_SHORT, { new_password: PASSWORD_TOO_SHORT });
      }
      const { id, user } = await openChallenge(challenge, 'change_password');
      if (await verifyPassword(user.passwordHash, newPassword)) {
        throw new HttpError(400, PASSWORD_UNCHANGED, { new_password: PASSWORD_UNCHANGED });
      }
      const passwordHash = await hashPassword(newPassword);
      await spend(id);
      const [updated] = await db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: false })
          .where(eq(users.id, user.id))
          .returning();
        await recordAudit(tx, {
          actorUserId: user.id,
          action: 'admin.password.changed',
          subject: user.username ?? undefined,
          ip,
        });
        return rows;
      });
      return continueSignIn(updated, ip);
    },

    /** The code step: a 6-digit code or a recovery code, under the login's lockout. */
    async verifyCode(challenge: string, code: string, ip: string): Promise<Session> {
      const { id, user } = await openChallenge(challenge, 'totp');
      const account = user.username ?? String(user.id);
      const attempt = await throttle.begin(account, ip);
      if (isRefusal(attempt)) throw adminLocked(attempt);
      const matched = await checkSecondFactor(user.id, code, ip);
      if (!matched) {
        await recordAudit(db, {
          actorUserId: user.id,
          action: 'admin.login.failed',
          subject: account,
          details: { reason: 'wrong_code' },
          ip,
        });
        const blocked = await throttle.settle(attempt, false);
        if (blocked) throw adminLocked(blocked);
        throw new HttpError(401, CODE_INVALID);
      }
      await spend(id);
      await throttle.settle(attempt, true);
      return startSession(user, ip);
    },

    async beginEnrolmentBySignIn(challenge: string): Promise<Enrolment> {
      const { user } = await openChallenge(challenge, 'enrol_totp');
      return beginEnrolment(user);
    },

    async confirmEnrolmentBySignIn(challenge: string, code: string, ip: string) {
      const { id, user } = await openChallenge(challenge, 'enrol_totp');
      const recoveryCodes = await confirmEnrolment(user.id, code, ip);
      await spend(id);
      return { recoveryCodes, session: await startSession(user, ip) };
    },

    beginEnrolment,
    confirmEnrolment,

    async status(userId: number) {
      const totp = await totpRow(userId);
      const [left] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
      const settings = await readSecuritySettings(db);
      return {
        enabled: Boolean(totp?.enabledAt),
        required: settings.totpRequired,
        recovery_codes_left: totp?.enabledAt ? left.count : 0,
      };
    },
  };
}

export type SignInSteps = ReturnType<typeof createSignInSteps>;
