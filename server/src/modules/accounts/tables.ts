import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { clientAddressColumn } from '../../lib/client-address';

/** Clients sign in with a phone number, staff with a username; each column is unique when set. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phoneNumber: varchar('phone_number', { length: 10 }).unique(),
    username: varchar('username', { length: 150 }).unique(),
    passwordHash: text('password_hash').notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Access tokens issued before this instant are refused (set by a password reset). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    /** False once a superuser disabled the account (staff module): no sign-in, no token. */
    isActive: boolean('is_active').notNull().default(true),
    /** A temporary password set by a superuser: the next sign-in must replace it first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Set when the client had their data erased (data-rights module): no login is left. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The client's language (issue 16): SMS and the server's messages to them use it. */
    preferredLanguage: varchar('preferred_language', { length: 2 })
      .notNull()
      .default('en')
      .$type<'en' | 'hi'>(),
  },
  (table) => [
    check(
      'users_has_login',
      sql`${table.phoneNumber} IS NOT NULL OR ${table.username} IS NOT NULL OR ${table.erasedAt} IS NOT NULL`,
    ),
    check('users_preferred_language', sql`${table.preferredLanguage} IN ('en', 'hi')`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * One row per issued refresh token, kept after rotation so that a reused token is recognised and
 * its whole family (one sign-in and all its rotations) revoked. Only the SHA-256 hash is stored.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portal: varchar('portal', { length: 10 }).notNull().$type<'client' | 'admin'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged for a new one; presenting it again is a reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/**
 * One-time codes, stored as an HMAC. Rows stay after use: the hourly caps count them. A row for an
 * unregistered number in a reset request is recorded too (never sent), so limits answer the same.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phoneNumber: varchar('phone_number', { length: 10 }).notNull(),
    purpose: varchar('purpose', { length: 10 }).notNull().$type<'signup' | 'reset'>(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: clientAddressColumn().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Used, replaced by a newer code, or out of tries: no longer accepted. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('otp_codes_phone_idx').on(table.phoneNumber, table.createdAt),
    index('otp_codes_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** Issued after a reset code is verified; single use. Only the SHA-256 hash is stored. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
