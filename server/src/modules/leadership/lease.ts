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
 */
export function createLease(deps: {
  db: Database;
  name: string;
  holder: string;
  ttlSeconds: number;
  now: () => Date;
}): Lease {
  const { db, name, holder } = deps;
  return {
    async acquire() {
      const at = deps.now();
      const expiresAt = new Date(at.getTime() + deps.ttlSeconds * 1000);
      const [row] = await db
        .insert(jobLeases)
        .values({ name, holder, expiresAt })
        .onConflictDoUpdate({
          target: jobLeases.name,
          set: { holder, expiresAt },
          setWhere: sql`${jobLeases.holder} = ${holder} OR ${jobLeases.expiresAt} <= ${at.toISOString()}::timestamptz`,
        })
        .returning({ holder: jobLeases.holder });
      return row?.holder === holder;
    },
    async release() {
      await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
    },
  };
}
