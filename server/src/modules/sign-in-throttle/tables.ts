import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { clientAddressColumn } from '../../lib/client-address';

/**
 * Failed sign-ins, counted per key: an account on its own (`client:account`, `admin:account`)
 * or an account from one client address (`client:pair`, `admin:pair`). `locked_until` holds the
 * wait the last failure earned: a short delay, or a block once the count reaches the policy's.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    scope: varchar('scope', { length: 16 }).notNull(),
    /** The phone number or username, followed for a pair by the client address. */
    key: varchar('key', { length: 256 }).notNull(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

/**
 * Addresses an account signed in from. The account-wide limit does not apply to them, so
 * strangers guessing from elsewhere cannot keep the owner out.
 */
export const signInKnownAddresses = pgTable(
  'sign_in_known_addresses',
  {
    portal: varchar('portal', { length: 8 }).notNull(),
    account: varchar('account', { length: 150 }).notNull(),
    ip: clientAddressColumn().notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.portal, table.account, table.ip] })],
);
