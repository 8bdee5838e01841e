import { integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * The half-filled registration form of a client: at most one per client, removed when the
 * profile is submitted. It holds an Aadhaar and an account number as typed, so the whole set of
 * values is stored as one AES-256-GCM ciphertext (lib/encryption.ts), never in clear.
 */
export const profileDrafts = pgTable('profile_drafts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: smallint('step').notNull(),
  valuesEncrypted: text('values_encrypted').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
