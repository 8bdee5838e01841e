import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * A staff member's TOTP secret (RFC 6238), encrypted like the Aadhaar numbers. The row exists
 * from the start of an enrolment; `enabledAt` is set once a first code proved the app has it.
 * `lastTimeStep` is the newest time step accepted: a code of that step or older is a replay.
 */
export const staffTotp = pgTable('staff_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
});

/** Single-use recovery codes: only a SHA-256 hash is kept; a used one keeps its row. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_recovery_codes_user_idx').on(table.userId)],
);

/**
 * What a correct password earns when a second step is due: a short-lived token good for that
 * step only (change the temporary password, give a code, or enrol). Only its hash is stored.
 */
export const staffSignInChallenges = pgTable(
  'staff_sign_in_challenges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: varchar('step', { length: 20 })
      .notNull()
      .$type<'change_password' | 'totp' | 'enrol_totp'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_sign_in_challenges_user_idx').on(table.userId)],
);

/** The back office's security settings: one row (id 1), changed by a superuser. */
export const staffSecuritySettings = pgTable(
  'staff_security_settings',
  {
    id: smallint('id').primaryKey().default(1),
    totpRequired: boolean('totp_required').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('staff_security_settings_one_row', sql`${table.id} = 1`)],
);
