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
import { users } from '../accounts/tables';

/** Room for any IPv6 address with a zone; a longer client address is cut to it. */
export const AUDIT_IP_MAX_LENGTH = 64;

/** Who did what, when and from where: staff logins, exports, delivered toggles. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 64 }).notNull(),
    subject: text('subject'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: varchar('ip', { length: AUDIT_IP_MAX_LENGTH }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_actor_idx').on(table.actorUserId),
  ],
);
