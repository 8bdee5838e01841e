import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { executePrepared, rowsOf } from '../../db/client';
import { parameter, type SqlExecutor } from '../../db/sql-executors';

export type { SqlExecutor } from '../../db/sql-executors';

/** Something that runs drizzle SQL: the database or a transaction of it. */
export interface SqlRunner {
  execute(query: SQL): Promise<unknown>;
}

/**
 * An executor over a drizzle transaction, so that pg-boss's insert runs in it: the job is stored
 * with the change, or not at all. pg-boss's statements number their parameters `$1..$n`; each
 * becomes a bound drizzle parameter.
 */
export function executorOf(runner: SqlRunner): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      for (let i = 0; i < parts.length; i += 1) {
        if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
        else chunks.push(sql`${parameter(values[Number(parts[i]) - 1])}`);
      }
      // pg-boss's insert is the same text every time: planned once per connection.
      const name = `pgboss_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      const result = await executePrepared(runner, name, sql.join(chunks, sql.raw('')));
      return { rows: rowsOf<Record<string, unknown>>(result) };
    },
  };
}
