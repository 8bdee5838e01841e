import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/error-handler';
import { hashPassword } from '../accounts/passwords';
import { users } from '../accounts/tables';
import type { RefreshTokenStore } from '../accounts/tokens';
import { recordAudit } from '../audit';
import { staffRecoveryCodes, staffSignInChallenges, staffTotp } from './tables';

/** A staff account as the superuser's screen shows it. */
export interface StaffAccount {
  id: number;
  username: string;
  is_staff: boolean;
  is_superuser: boolean;
  is_active: boolean;
  must_change_password: boolean;
  totp_enabled: boolean;
  created_at: string;
}

export const USERNAME_TAKEN = 'This username is already taken.';
export const NOT_FOUND = 'Staff account not found.';
export const NOT_YOURSELF_DISABLE = 'You cannot disable your own account.';
export const NOT_YOURSELF_SUPERUSER = 'You cannot withdraw your own superuser role.';
export const NOT_YOURSELF_SECOND_FACTOR =
  'You cannot reset your own second factor. Use one of your recovery codes, or ask another superuser.';
export const NO_SECOND_FACTOR = 'This account has no second factor to reset.';

export function createStaffService(deps: {
  db: Database;
  now: () => Date;
  refreshTokens: RefreshTokenStore;
}) {
  const { db, now } = deps;

  const columns = {
    id: users.id,
    username: users.username,
    isStaff: users.isStaff,
    isSuperuser: users.isSuperuser,
    isActive: users.isActive,
    mustChangePassword: users.mustChangePassword,
    createdAt: users.createdAt,
    totpEnabled: sql<boolean>`${staffTotp.enabledAt} IS NOT NULL`,
  };
  type Row = {
    id: number;
    username: string | null;
    isStaff: boolean;
    isSuperuser: boolean;
    isActive: boolean;
    mustChangePassword: boolean;
    createdAt: Date;
    totpEnabled: boolean;
  };
  const toAccount = (row: Row): StaffAccount => ({
    id: row.id,
    username: row.username ?? '',
    is_staff: row.isStaff,
    is_superuser: row.isSuperuser,
    is_active: row.isActive,
    must_change_password: row.mustChangePassword,
    totp_enabled: Boolean(row.totpEnabled),
    created_at: row.createdAt.toISOString(),
  });
  const isStaffAccount = and(
    isNotNull(users.username),
    or(eq(users.isStaff, true), eq(users.isSuperuser, true)),
  );

  async function find(id: number): Promise<StaffAccount | undefined> {
    const [row] = await db
      .select(columns)
      .from(users)
      .leftJoin(staffTotp, eq(staffTotp.userId, users.id))
      .where(and(eq(users.id, id), isStaffAccount));
    return row ? toAccount(row) : undefined;
  }

  /**
   * Ends every sign-in of a user at once: refresh families revoked, access tokens issued before
   * now refused (the auth plugin reads sessions_valid_after), half-done sign-ins spent.
   */
  async function endSessions(tx: Database, userId: number) {
    await tx.update(users).set({ sessionsValidAfter: now() }).where(eq(users.id, userId));
    await deps.refreshTokens.revokeAllOfUser(userId, tx);
    await tx
      .update(staffSignInChallenges)
      .set({ usedAt: now() })
      .where(
        and(eq(staffSignInChallenges.userId, userId), sql`${staffSignInChallenges.usedAt} IS NULL`),
      );
  }

  return {
    async list(): Promise<StaffAccount[]> {
      const rows = await db
        .select(columns)
        .from(users)
        .leftJoin(staffTotp, eq(staffTotp.userId, users.id))
        .where(isStaffAccount)
        .orderBy(asc(users.username));
      return rows.map(toAccount);
    },

    async create(input: {
      username: string;
      password: string;
      actorUserId: number;
      ip: string;
    }): Promise<StaffAccount> {
      const passwordHash = await hashPassword(input.password);
      const id = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            username: input.username,
            passwordHash,
            isStaff: true,
            mustChangePassword: true,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!created) throw new HttpError(409, USERNAME_TAKEN, { username: USERNAME_TAKEN });
        await recordAudit(tx, {
          actorUserId: input.actorUserId,
          action: 'staff.created',
          subject: input.username,
          details: { user_id: created.id },
          ip: input.ip,
        });
        return created.id;
      });
      return (await find(id))!;
    },

    async update(input: {
      id: number;
      isActive?: boolean;
      isSuperuser?: boolean;
      resetPassword?: string;
      /** Removes the TOTP secret and the recovery codes: a lost phone, recovered by a superuser. */
      resetSecondFactor?: boolean;
      actorUserId: number;
      ip: string;
    }): Promise<StaffAccount> {
      const before = await find(input.id);
      if (!before) throw new HttpError(404, NOT_FOUND);
      if (input.id === input.actorUserId) {
        if (input.isActive === false) throw new HttpError(409, NOT_YOURSELF_DISABLE);
        if (input.isSuperuser === false) throw new HttpError(409, NOT_YOURSELF_SUPERUSER);
        // One's own factor is not one's to drop: a stolen session would then shed it.
        if (input.resetSecondFactor) throw new HttpError(409, NOT_YOURSELF_SECOND_FACTOR);
      }
      const passwordHash =
        input.resetPassword !== undefined ? await hashPassword(input.resetPassword) : undefined;
      await db.transaction(async (tx) => {
        // The row is locked first, as a token refresh does, so no session slips through.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, input.id)).for('update');
        const audit = (action: string, details?: Record<string, unknown>) =>
          recordAudit(tx, {
            actorUserId: input.actorUserId,
            action,
            subject: before.username,
            details: { user_id: input.id, ...details },
            ip: input.ip,
          });
        if (input.isActive !== undefined && input.isActive !== before.is_active) {
          await tx.update(users).set({ isActive: input.isActive }).where(eq(users.id, input.id));
          if (!input.isActive) await endSessions(tx, input.id);
          await audit(input.isActive ? 'staff.enabled' : 'staff.disabled');
        }
        if (input.isSuperuser !== undefined && input.isSuperuser !== before.is_superuser) {
          await tx
            .update(users)
            .set({ isSuperuser: input.isSuperuser, isStaff: true })
            .where(eq(users.id, input.id));
          await audit(input.isSuperuser ? 'staff.superuser.granted' : 'staff.superuser.withdrawn');
        }
        if (passwordHash !== undefined) {
          await tx
            .update(users)
            .set({ passwordHash, mustChangePassword: true })
            .where(eq(users.id, input.id));
          await endSessions(tx, input.id);
          await audit('staff.password.reset');
        }
        if (input.resetSecondFactor) {
          // An enrolment never confirmed is no factor: the member can restart it on their own.
          const removed = await tx
            .delete(staffTotp)
            .where(and(eq(staffTotp.userId, input.id), isNotNull(staffTotp.enabledAt)))
            .returning({ userId: staffTotp.userId });
          if (removed.length === 0) throw new HttpError(409, NO_SECOND_FACTOR);
          await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, input.id));
          // Whoever holds a session or a half-done sign-in must start again, at enrolment if the
          // second factor is required (stepAfterPassword finds no factor).
          await endSessions(tx, input.id);
          await audit('staff.second_factor.reset');
        }
      });
      return (await find(input.id))!;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
