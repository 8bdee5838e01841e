import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Which of a counter's rows a writer adds to: each connection its own (1-16, by backend; migration
 * 0022), so concurrent audited actions (one staff member's moves above all) do not queue on one
 * row lock from their audit entry to their commit. Readers sum the stripes; the fold of
 * `foldAuditCountStripes` puts them back into stripe 0, as for the registrations' daily counts.
 */
const stripe = () => smallint('stripe').notNull().default(0);

/**
 * Audit entries per Asia/Kolkata day, action and actor (0 for none), so the audit screen's total
 * and its page-to-day lookup read a few thousand summary rows instead of counting a million
 * entries. Kept exact by a statement-level trigger on `audit_log` inserts (migration 0014); the
 * log is append-only, so inserts and a truncate are the only changes to follow. The two indexes
 * serve an action and/or actor filter without a date (one staff member's 730 days, not all rows).
 */
export const auditDailyCounts = pgTable(
  'audit_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    actorKey: integer('actor_key').notNull(),
    stripe: stripe(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.action, table.actorKey, table.stripe] }),
    index('audit_daily_counts_action_actor_day_idx').on(table.action, table.actorKey, table.day),
    index('audit_daily_counts_actor_day_idx').on(table.actorKey, table.day),
  ],
);

/**
 * Audit entries per Kolkata day, all actions and actors: the unfiltered screen's total and
 * page-to-day lookup read about one row a day (730 for two years, once folded) instead of summing
 * `audit_daily_counts`. Kept by the same trigger (migration 0021), which upserts this row first.
 */
export const auditDayTotals = pgTable(
  'audit_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    stripe: stripe(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.stripe] })],
);
