import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../modules/accounts/tables';
import { openTestDatabase } from '../test/helpers';
import { type DatabaseHandle, openDatabase, rowsOf } from './client';

interface PreparedRow {
  statement: string;
  generic_plans: string;
  custom_plans: string;
}

// drizzle sent unnamed statements, which postgres-js sends in two round trips when they have
// parameters (Parse and Describe, then Bind and Execute); every statement is prepared now.
describe.runIf(process.env.TEST_DATABASE_URL)('statements on PostgreSQL', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    test = await openTestDatabase();
    // One connection: the statements it prepared are the ones pg_prepared_statements lists.
    database = await openDatabase({ databaseUrl: test.url!, maxConnections: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await test?.database.close();
    await test?.drop();
  });

  async function prepared(db = database.db): Promise<PreparedRow[]> {
    return rowsOf<PreparedRow>(
      await db.execute(
        sql`select statement, generic_plans::text, custom_plans::text from pg_prepared_statements`,
      ),
    );
  }

  it('prepares a query with parameters and plans it for its values on every call', async () => {
    const byId = (id: number) =>
      database.db.select({ username: users.username }).from(users).where(eq(users.id, id));
    for (let id = 1; id <= 8; id++) await byId(id);
    const statement = (await prepared()).find((row) =>
      /from "users" where "users"."id" = \$1/.test(row.statement),
    );
    // Eight calls, eight custom plans: without plan_cache_mode = force_custom_plan PostgreSQL
    // moves a statement like this one to a generic plan after the fifth.
    expect(statement).toMatchObject({ custom_plans: '8', generic_plans: '0' });
  });

  it('prepares the statements of a transaction too', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select ${'in a transaction'}::text as marker`);
      const listed = await prepared(tx as unknown as typeof database.db);
      expect(listed.map((row) => row.statement)).toContain('select $1::text as marker');
    });
  });
});
