import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres, { type Sql } from 'postgres';
import { pgliteExecutor, postgresExecutor, type SqlExecutor } from '../modules/jobs/sql-executor';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the modules see, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Raw statements on the same connection(s), for libraries that bring their own SQL (pg-boss). */
  executor: SqlExecutor;
  migrate(): Promise<void>;
  /**
   * Runs start-up work that must not run on two instances at once (migrations, the job queue's
   * schema): under a PostgreSQL advisory lock; as is on PGlite, which one process owns.
   */
  startupLock<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** pg_advisory_lock key of start-up work ('loanmigr' in ASCII). */
const MIGRATION_LOCK = '7813571005421021042';

export interface DatabaseOptions {
  /** postgres://... for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** Directory for PGlite files; omit for an in-memory database (tests). */
  dataDir?: string;
  maxConnections?: number;
  /**
   * PGlite only: an initialised, migrated cluster (`dumpDataDir`) to start from. A fresh
   * in-memory PGlite runs initdb, 4-16 s on this 2-core machine; loading a dump skips it (tests).
   */
  pgliteTemplate?: Blob;
}

/**
 * The client drizzle is given: every statement it sends is a prepared one. drizzle asks
 * postgres-js for unnamed statements unless a query is `.prepare`d, and postgres-js sends an
 * unnamed statement that has parameters in two round trips: Parse and Describe to learn the
 * parameters' types, then Bind and Execute. A prepared one is described once per connection and
 * then sent in one. Measured one request at a time, the server's own time above a minimal server
 * sending the same statements went 1.2-1.5 -> 1.1-1.2 ms on a PAN search and 1.3-1.6 -> 0.8-1.1 ms
 * on four Aadhaar digits (bench/README.md F14). Transactions and savepoints get the same client.
 */
function preparingStatements(client: Sql): Sql {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (key === 'unsafe') {
        return (query: string, parameters?: never[], queryOptions?: object) =>
          target.unsafe(query, parameters, { ...queryOptions, prepare: true });
      }
      if ((key === 'begin' || key === 'savepoint') && typeof value === 'function') {
        return (...args: unknown[]) => {
          const work = args.at(-1) as (inner: Sql) => unknown;
          return value.apply(target, [
            ...args.slice(0, -1),
            (inner: Sql) => work(preparingStatements(inner)),
          ]);
        };
      }
      return value;
    },
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      // Every statement is planned for the values it is sent with, as an unnamed one always was,
      // though each is now prepared (preparingStatements): a generic plan, which PostgreSQL would
      // otherwise choose after five calls, is one plan for every value, and a search's plan
      // depends on its term (a term of two letters is read from the date index, a longer one
      // from the trigram indexes).
      connection: { plan_cache_mode: 'force_custom_plan' },
    });
    const db = drizzlePostgres(preparingStatements(client), { schema });
    /** Held on a connection of its own while `work` runs: one instance at a time. */
    const startupLock = async <T>(work: () => Promise<T>): Promise<T> => {
      const lock = await client.reserve();
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK}::bigint)`;
        return await work();
      } finally {
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK}::bigint)`.catch(() => undefined);
        lock.release();
      }
    };
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      executor: postgresExecutor(client),
      // Instances started together (a deploy, a cluster) migrate one after the other.
      migrate: () => startupLock(() => migratePostgres(db, { migrationsFolder })),
      startupLock,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = join(options.dataDir, 'pglite');
    // Owner only, like the key files beside it: the database holds every applicant.
    await mkdir(dataPath, { recursive: true, mode: 0o700 });
    await chmod(dataPath, 0o700);
  }
  const client = await PGlite.create(dataPath, {
    extensions: { pg_trgm },
    ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    executor: pgliteExecutor(client),
    migrate: () => migratePglite(db, { migrationsFolder }),
    startupLock: (work) => work(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/** A migrated in-memory PGlite cluster as a dump, for `pgliteTemplate` (tests start from it). */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The rows of a raw `db.execute`: postgres-js answers with an array, PGlite with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}
