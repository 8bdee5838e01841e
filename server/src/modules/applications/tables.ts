import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { registrations } from '../registration/tables';

/**
 * Every status an application reached: from, to, when, by whom (null: the system, e.g. a
 * payment) and why (a rejection's reason, which the client reads). Written in the transaction of
 * the change itself, so the history is never behind the status.
 */
export const statusHistory = pgTable(
  'application_status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 32 }),
    toStatus: varchar('to_status', { length: 32 }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('application_status_history_registration_idx').on(table.registrationId, table.id),
  ],
);

/** Staff's internal notes on an application. Never sent to the client. */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('application_notes_registration_idx').on(table.registrationId, table.id)],
);

export type StatusHistoryRow = typeof statusHistory.$inferSelect;
