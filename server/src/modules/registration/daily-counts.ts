import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';

/** A (day, status) whose summary count differs from the registrations it stands for. */
export interface DailyCountDrift {
  day: string;
  status: string;
  counted: number;
  actual: number;
}

/**
 * Compares registration_daily_counts with a fresh count of registrations and, with `repair`,
 * corrects what differs. The triggers keep the summary exact in every transaction; this is the
 * check after anything that went around them (one table restored without the other, triggers
 * disabled by hand). Writes to registrations wait while it counts (SHARE lock; the count took
 * 0.3 s at a million rows on PostgreSQL 15), so what it compares cannot move under it.
 */
export async function recountDailyCounts(
  db: Database,
  { repair }: { repair: boolean },
): Promise<{ registrations: number; drift: DailyCountDrift[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table registrations in share mode`);
    const drift = rowsOf<DailyCountDrift>(
      await tx.execute(sql`
        with actual as (
          select registration_kolkata_day(created_at) as day, status, count(*)::int as count
          from registrations group by 1, 2
        )
        , counted as (
          select day, status, sum(count)::int as count
          from registration_daily_counts group by 1, 2
        )
        select coalesce(a.day, c.day)::text as day, coalesce(a.status, c.status) as status,
          coalesce(c.count, 0) as counted, coalesce(a.count, 0) as actual
        from actual a full join counted c on c.day = a.day and c.status = a.status
        where coalesce(c.count, 0) <> coalesce(a.count, 0)
        order by 1, 2
      `),
    ).map((row) => ({ ...row, counted: Number(row.counted), actual: Number(row.actual) }));
    if (repair && drift.length > 0) {
      const drifted = sql`json_to_recordset(${JSON.stringify(drift)}::json) as x(day date, status varchar, actual int)`;
      // Each drifted (day, status) becomes one row again: its stripes go, stripe 0 holds the count.
      await tx.execute(sql`
        delete from registration_daily_counts c using ${drifted}
        where c.day = x.day and c.status = x.status
      `);
      await tx.execute(sql`
        insert into registration_daily_counts (day, status, stripe, count)
        select day, status, 0, actual from ${drifted} order by 1, 2
      `);
    }
    const [total] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from registrations`),
    );
    return { registrations: Number(total?.n ?? 0), drift };
  });
}

/**
 * Folds the striped counters (see tables.ts) back into stripe 0, so the summary stays about one
 * row per day and status however many connections wrote to it. The rows are locked in the
 * triggers' own (day, status, stripe) order first, so a fold and a write cannot deadlock; the
 * sums do not change, so readers never see a total move.
 */
export async function foldDailyCountStripes(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ folded: number }>(
      await tx.execute(sql`
        with locked as (
          select day, status, stripe from registration_daily_counts
          where stripe <> 0 order by day, status, stripe for update
        ), gone as (
          delete from registration_daily_counts c using locked l
          where c.day = l.day and c.status = l.status and c.stripe = l.stripe
          returning c.day, c.status, c.count
        ), folded as (
          insert into registration_daily_counts as c (day, status, stripe, count)
          select day, status, 0, sum(count) from gone group by 1, 2 order by 1, 2
          on conflict (day, status, stripe) do update set count = c.count + excluded.count
          returning 1
        )
        select (select count(*) from gone)::int as folded
      `),
    );
    return Number(rows[0]?.folded ?? 0);
  });
}

export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Folds the stripes every `intervalSeconds` on the instance that runs the background jobs
 * (server.ts), so the summary the dashboard sums stays near one row per day and status. `also`
 * are other striped counters' folds (the audit trail's, the search counts'), run one after another
 * in one pass; one that fails is logged and the others still run.
 */
export function startDailyCountsFold(
  db: Database,
  log: { error(object: object, message: string): void },
  also: ((db: Database) => Promise<unknown>)[] = [],
  intervalSeconds = 600,
): PeriodicJob {
  let running: Promise<void> | null = null;
  async function foldAll() {
    for (const fold of [foldDailyCountStripes, ...also]) {
      try {
        await fold(db);
      } catch (error) {
        log.error({ err: error, fold: fold.name }, 'folding the daily counts failed');
      }
    }
  }
  const timer = setInterval(() => {
    if (running) return;
    running = foldAll().finally(() => {
      running = null;
    });
  }, intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
