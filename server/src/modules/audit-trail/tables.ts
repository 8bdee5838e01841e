import { bigint, date, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * Audit entries per Asia/Kolkata day, action and actor (0 for none), so the audit screen's total
 * and its page-to-day lookup read a few thousand summary rows instead of counting a million
 * entries. Kept exact by a statement-level trigger on `audit_log` inserts (migration 0014); the
 * log is append-only, so inserts and a truncate are the only changes to follow.
 */
export const auditDailyCounts = pgTable(
  'audit_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    actorKey: integer('actor_key').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.action, table.actorKey] })],
);
