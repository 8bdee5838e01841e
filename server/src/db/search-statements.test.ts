import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../modules/accounts/tables';
import { createAdminList } from '../modules/registration/admin-list';
import { openTestDatabase } from '../test/helpers';
import { type Database, type DatabaseHandle, openDatabase, rowsOf } from './client';

/** 3,000 applicants named Other Person: a search of 'other' has full pages. */
const OTHER_APPLICANTS_SQL = `
  insert into users (phone_number, password_hash)
    select '61' || lpad(n::text, 8, '0'), '!' from generate_series(1, 3000) n;
  insert into profiles (user_id, full_name, contact_number, aadhaar_encrypted, aadhaar_last4,
    pan_number, bank_name, account_encrypted, account_last4, ifsc_code, full_address, city, state,
    pin_code, loan_type, loan_amount)
    select id, 'Other Person', '7' || lpad(id::text, 9, '1'), 'x', '1111', 'QQQQQ1111Q', 'SBI',
      'x', '1111', 'SBIN0001234', 'MG Road', 'Pune', 'Maharashtra', '411001', 'Personal Loan',
      50000
    from users where phone_number like '61%';
  insert into registrations (profile_id, user_id, status)
    select id, user_id, 'paid' from profiles where full_name = 'Other Person';
  analyze;
`;

interface PreparedRow {
  statement: string;
  generic_plans: string;
  custom_plans: string;
}

/**
 * The staff list's searches go through a pool of their own (DatabaseHandle.searchDb): drizzle's
 * unnamed statements cost postgres-js two round trips each when they have parameters, prepared
 * ones one; and each search is still planned for its term. The main pool keeps PostgreSQL's own
 * choice, so a statement prepared on purpose keeps its one plan.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('statements on PostgreSQL', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    test = await openTestDatabase();
    // One connection each: the statements a pool prepared are the ones pg_prepared_statements
    // lists on it.
    database = await openDatabase({
      databaseUrl: test.url!,
      maxConnections: 1,
      searchConnections: 1,
    });
  });
  afterAll(async () => {
    await database?.close();
    await test?.database.close();
    await test?.drop();
  });

  async function prepared(db: Database): Promise<PreparedRow[]> {
    return rowsOf<PreparedRow>(
      await db.execute(
        sql`select statement, generic_plans::text, custom_plans::text from pg_prepared_statements`,
      ),
    );
  }

  it('prepares the list search statements and plans each search for its term', async () => {
    const list = createAdminList(database.db, database.searchDb);
    for (const search of ['sharma', 'MPI882', '973851', '80345', 'priya', 'kumar', 'AB12', 'rao']) {
      await list.listProfiles({ page: 1, pageSize: 10, range: {}, search });
    }
    const statements = await prepared(database.searchDb);
    const numbers = statements.find((row) => /from "registration_numbers"/.test(row.statement));
    // Eight searches, eight plans for their own terms: a generic plan would be one for all.
    expect(numbers).toMatchObject({ custom_plans: '8', generic_plans: '0' });
    const dictionary = statements.find((row) => /from "name_words"/.test(row.statement));
    expect(dictionary).toMatchObject({ generic_plans: '0' });
  });

  it("reads a full page's rows by their ids on the main pool, with one plan for any ids", async () => {
    await database.db.execute(sql.raw(OTHER_APPLICANTS_SQL));
    const list = createAdminList(database.db, database.searchDb);
    const pages = [];
    for (let page = 1; page <= 8; page++) {
      pages.push(await list.listProfiles({ page, pageSize: 10, range: {}, search: 'other' }));
    }
    expect(pages.map((page) => page.results.length)).toEqual([10, 10, 10, 10, 10, 10, 10, 10]);
    expect(new Set(pages.flatMap((page) => page.results.map((row) => row.id))).size).toBe(80);
    const rows = (await prepared(database.db)).find((row) => /= any\(\$1\)/.test(row.statement));
    // PostgreSQL plans the first five calls for their values, then keeps the generic plan.
    expect(Number(rows?.generic_plans)).toBeGreaterThan(0);
    const search = (await prepared(database.searchDb)).map((row) => row.statement);
    expect(search.some((statement) => /= any\(\$1\)/.test(statement))).toBe(false);
  });

  it('leaves a statement prepared on purpose on the main pool to keep one plan', async () => {
    const byId = database.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('test_user_by_id');
    for (let id = 1; id <= 8; id++) await byId.execute({ id });
    const statement = (await prepared(database.db)).find((row) =>
      /from "users" where "users"."id" = \$1/.test(row.statement),
    );
    expect(Number(statement?.generic_plans)).toBeGreaterThan(0);
  });

  it('sends the main pool statements drizzle did not prepare unnamed, as before', async () => {
    await database.db.execute(sql`select ${'unnamed'}::text as marker`);
    const listed = (await prepared(database.db)).map((row) => row.statement);
    expect(listed).not.toContain('select $1::text as marker');
  });
});
