import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres, { type Sql } from 'postgres';
import { migrationsFolder } from '../paths';
import * as schema from './schema';
import { pgliteExecutor, postgresExecutor, type SqlExecutor } from './sql-executors';

export type Schema = typeof schema;
/** The one database type the modules see, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /**
   * For the staff list's searches: on PostgreSQL a small pool of its own whose every statement is
   * prepared and planned for the values it is sent with (searchStatements); elsewhere `db`.
   */
  searchDb: Database;
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
  /** PostgreSQL only: the connections of `searchDb`'s pool (4). */
  searchConnections?: number;
  /**
   * PGlite only: an initialised, migrated cluster (`dumpDataDir`) to start from. A fresh
   * in-memory PGlite runs initdb, 4-16 s on this 2-core machine; loading a dump skips it (tests).
   */
  pgliteTemplate?: Blob;
}

/**
 * The client of `searchDb`: every statement drizzle sends through it is prepared. drizzle asks
 * postgres-js for an unnamed statement unless a query is `.prepare`d, and postgres-js sends an
 * unnamed statement that has parameters in two round trips (Parse and Describe, to learn the
 * parameters' types, then Bind and Execute); a statement prepared on the connection goes in one.
 * Only for this pool: on the main one `force_custom_plan` would re-plan on every call the
 * statements prepared on purpose to keep one plan (the client's GET lost 38% of its requests a
 * second, a transition 33%: bench/README.md F14). A transaction's statements are not prepared:
 * postgres-js hands drizzle its own client for them (the list runs none).
 */
function searchStatements(client: Sql): Sql {
  return new Proxy(client, {
    get(target, key) {
      if (key === 'unsafe') {
        return (query: string, parameters?: never[], queryOptions?: object) =>
          target.unsafe(query, parameters, { ...queryOptions, prepare: true });
      }
      return Reflect.get(target, key);
    },
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
    });
    const db = drizzlePostgres(client, { schema });
    const searchClient = postgres(options.databaseUrl, {
      max: options.searchConnections ?? 4,
      onnotice: () => {},
      // Each search planned for its term, as an unnamed statement always is: a generic plan,
      // which PostgreSQL may choose for a prepared statement after five calls, is one plan for
      // every term (two letters are read through the date index, a longer term through the
      // trigram indexes; a rare term through the date index reads every row).
      connection: { plan_cache_mode: 'force_custom_plan' },
      // The prepared statements of an idle connection go with it (each filter shape is one).
      idle_timeout: 300,
    });
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
      searchDb: drizzlePostgres(searchStatements(searchClient), { schema }) as unknown as Database,
      kind: 'postgres',
      executor: postgresExecutor(client),
      // Instances started together (a deploy, a cluster) migrate one after the other.
      migrate: () => startupLock(() => migratePostgres(db, { migrationsFolder })),
      startupLock,
      // Both pools: an instance whose search pool cannot connect is not ready either.
      ping: async () => {
        await Promise.all([db.execute(sql`select 1`), searchClient`select 1`]);
      },
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), searchClient.end({ timeout: 5 })]);
      },
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
    searchDb: db as unknown as Database,
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

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  _: {
    session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        isResponseInArrayMode: boolean,
      ): PreparedStatement;
    };
  };
}

/** A raw statement rendered once; each call sends the values of its `sql.placeholder`s. */
export interface PreparedStatement {
  /** postgres-js answers with an array of rows, PGlite with `{ rows }`: read it with rowsOf. */
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * A raw statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call (`db.execute` never prepares), and drizzle renders it to
 * SQL text once instead of on every call. For hot statements drizzle's query builder cannot
 * write, such as data-modifying CTEs; its `.prepare(name)` does the same for the ones it can.
 * Reaches one step into drizzle (its session and dialect, as its own query builders do), so a
 * drizzle upgrade is checked by the tests that run these statements.
 */
export function prepareStatement(
  runner: { execute(query: SQL): unknown },
  name: string,
  query: SQL,
): PreparedStatement {
  const internals = runner as unknown as DrizzleInternals;
  return internals._.session.prepareQuery(
    internals.dialect.sqlToQuery(query),
    undefined,
    name,
    false,
  );
}

/** prepareStatement for a statement without placeholders, sent once. */
export function executePrepared(
  runner: { execute(query: SQL): unknown },
  name: string,
  query: SQL,
): Promise<unknown> {
  return prepareStatement(runner, name, query).execute();
}
