import { bigint, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * What the console SMS provider "sent" (development and tests only: production refuses that
 * provider). In the database, so every instance of a dev or test cluster reads the same outbox.
 */
export const devSmsOutbox = pgTable(
  'dev_sms_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: varchar('to', { length: 10 }).notNull(),
    body: text('body').notNull(),
    /** The one-time code of a code message; '' for others. */
    code: varchar('code', { length: 12 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** The sender's idempotency key (a status SMS's job): a message with a key stored is not stored again. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
  },
  (table) => [
    index('dev_sms_outbox_to_idx').on(table.to, table.id),
    uniqueIndex('dev_sms_outbox_idempotency_key_idx').on(table.idempotencyKey),
  ],
);
