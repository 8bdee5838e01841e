import { bigint, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
  },
  (table) => [index('dev_sms_outbox_to_idx').on(table.to, table.id)],
);
