import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { clientAddressColumn } from '../../lib/client-address';
import { users } from '../accounts/tables';

/**
 * Who did what, when and from where: staff logins, exports, delivered toggles, reveals.
 * Append-only: a trigger refuses UPDATE and DELETE (migration 0014), so a user with entries cannot
 * be deleted either (the foreign key would have to null the actor). The back office reads it
 * newest first, filtered by action, actor or applicant, hence one (filter, created_at, id) index
 * each; `audit_daily_counts` (modules/audit-trail) holds the totals.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'no action' }),
    action: varchar('action', { length: 64 }).notNull(),
    subject: text('subject'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: clientAddressColumn().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_id_idx').on(table.createdAt, table.id),
    index('audit_log_action_created_idx').on(table.action, table.createdAt, table.id),
    index('audit_log_actor_created_idx').on(table.actorUserId, table.createdAt, table.id),
    index('audit_log_subject_created_idx').on(table.subject, table.createdAt, table.id),
  ],
);
