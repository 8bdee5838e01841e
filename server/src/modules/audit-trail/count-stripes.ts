import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';

/**
 * Folds the audit summaries' stripes (tables.ts, migration 0022) back into stripe 0, so the
 * screen's totals stay about one row per day (and per day, action and actor) however many
 * connections wrote. Rows are locked in the trigger's own order, day totals first, so a fold and
 * an audited write cannot deadlock; the sums do not change, so a reader never sees a total move.
 * Run by the job leader beside the registrations' fold (registration/daily-counts.ts).
 */
export async function foldAuditCountStripes(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const days = rowsOf<{ folded: number }>(
      await tx.execute(sql`
        with locked as (
          select day, stripe from audit_day_totals
          where stripe <> 0 order by day, stripe for update
        ), gone as (
          delete from audit_day_totals t using locked l
          where t.day = l.day and t.stripe = l.stripe
          returning t.day, t.count
        ), folded as (
          insert into audit_day_totals as t (day, stripe, count)
          select day, 0, sum(count) from gone group by 1 order by 1
          on conflict (day, stripe) do update set count = t.count + excluded.count
          returning 1
        )
        select (select count(*) from gone)::int as folded
      `),
    );
    const counts = rowsOf<{ folded: number }>(
      await tx.execute(sql`
        with locked as (
          select day, action, actor_key, stripe from audit_daily_counts
          where stripe <> 0 order by day, action, actor_key, stripe for update
        ), gone as (
          delete from audit_daily_counts c using locked l
          where c.day = l.day and c.action = l.action and c.actor_key = l.actor_key
            and c.stripe = l.stripe
          returning c.day, c.action, c.actor_key, c.count
        ), folded as (
          insert into audit_daily_counts as c (day, action, actor_key, stripe, count)
          select day, action, actor_key, 0, sum(count) from gone group by 1, 2, 3 order by 1, 2, 3
          on conflict (day, action, actor_key, stripe) do update set count = c.count + excluded.count
          returning 1
        )
        select (select count(*) from gone)::int as folded
      `),
    );
    return Number(days[0]?.folded ?? 0) + Number(counts[0]?.folded ?? 0);
  });
}
