import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobLeases } from './tables';

export interface Lease {
  /** Takes the lease when it is free or run out, or renews it when held: true while held. */
  acquire(): Promise<boolean>;
  /** Gives the lease up at once (a clean shutdown), so another instance need not wait it out. */
  release(): Promise<void>;
}

/**
 * A lease in the database, taken and renewed in one statement: of many instances asking at
 * once, exactly one gets it. Works the same on PGlite and PostgreSQL.
 *
 * Its times are the database's clock, one clock for every instance: with each instance's own,
 * one whose clock ran 40 s ahead would find a live holder's lease run out and take it, and two
 * instances would run the jobs at once. `now` replaces that clock in tests only.
 */
export function createLease(deps: {
  db: Database;
  name: string;
  holder: string;
  ttlSeconds: number;
  now?: () => Date;
}): Lease {
  const { db, name, holder } = deps;
  return {
    async acquire() {
      const at = deps.now ? sql`${deps.now().toISOString()}::timestamptz` : sql`now()`;
      const expiresAt = sql`${at} + make_interval(secs => ${deps.ttlSeconds})`;
      const [row] = await db
        .insert(jobLeases)
        .values({ name, holder, expiresAt })
        .onConflictDoUpdate({
          target: jobLeases.name,
          set: { holder, expiresAt },
          setWhere: sql`${jobLeases.holder} = ${holder} OR ${jobLeases.expiresAt} <= ${at}`,
        })
        .returning({ holder: jobLeases.holder });
      return row?.holder === holder;
    },
    async release() {
      await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
    },
  };
}
