import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';

/**
 * The one thing pg-boss needs of a database: run a statement with `$n` parameters and answer
 * `{ rows }`. pg-boss brings node-postgres for its own pool, but this server speaks to PostgreSQL
 * through postgres-js and to PGlite in-process, so it is given executors over those instead; the
 * same queue then runs on both, and a job can be written in the transaction of the change it
 * belongs to (`executorOf(tx)`, modules/jobs/sql-executor.ts). These two live with the database
 * client, which builds them, so that db/ imports nothing of the modules above it.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** pg serialises plain objects as JSON; do the same for drivers that would not. */
export function parameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Date)
  ) {
    return JSON.stringify(value);
  }
  return value;
}

export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        // pg-boss sends maintenance as several statements in one string (BEGIN; ...; COMMIT),
        // which only the simple protocol takes.
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query(text, values.map(parameter));
      return { rows: result.rows as Record<string, unknown>[] };
    },
  };
}

export function postgresExecutor(client: Sql): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        // pg-boss's maintenance is a BEGIN ... COMMIT script: postgres-js takes that only on a
        // connection of its own, never on the pool, where the statements could be split.
        const connection = await client.reserve();
        try {
          const result = await connection.unsafe(text).simple();
          // Several statements answer one result each; pg-boss reads rows only of single ones.
          const last = Array.isArray(result[0]) ? result.at(-1) : result;
          return { rows: [...((last ?? []) as Iterable<Record<string, unknown>>)] };
        } catch (error) {
          // A script that failed after its BEGIN leaves the transaction open and aborted: ended
          // here, or the pool hands the connection on and every later query on it fails (25P02).
          await connection.unsafe('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          connection.release();
        }
      }
      const result = await client.unsafe(text, values.map(parameter) as never[]);
      return { rows: [...result] as Record<string, unknown>[] };
    },
  };
}
