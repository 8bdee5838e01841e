import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaffSession, type TestSession } from '../../test/sessions';
import { startDailyCountsFold } from './daily-counts';
import { foldSearchCountStripes } from './search-count-stripes';
import { registrations } from './tables';
import { insertApplicants, listReader, searchCountsDrift } from './test-support';

const NOW = new Date('2026-06-15T06:30:00Z');
const day = (iso: string) => new Date(`${iso}T06:30:00Z`);

type Tx = Pick<Database, 'execute' | 'update'>;

const setStatus = (tx: Tx, id: number, status: string) =>
  tx.update(registrations).set({ status }).where(eq(registrations.id, id));

/** The stripe the transaction counts into (name_word_counts_stripe(), migration 0027). */
async function stripeOf(tx: Pick<Database, 'execute'>): Promise<number> {
  const [row] = rowsOf<{ stripe: string }>(
    await tx.execute(sql`select current_setting('loan.name_word_counts_stripe', true) as stripe`),
  );
  return Number(row?.stripe);
}

async function stripesIn(db: Pick<Database, 'execute'>, table: 'words' | 'runs') {
  const name = table === 'words' ? sql`name_word_counts` : sql`digit_run_counts`;
  return rowsOf<{ stripe: number }>(
    await db.execute(sql`select distinct stripe from ${name} order by 1`),
  ).map((row) => Number(row.stripe));
}

const statuses = ['draft', 'pending_payment', 'paid', 'under_review'];

/**
 * Issue 17: the search counts' stripes (0027, 0029) are folded back into stripe 0 by the job leader
 * (migration 0030). What a staff member sees, the exact totals of a name and a four-digit search
 * by status, must not change, and no count may be lost or doubled however writers and the fold
 * interleave.
 */
describe('the search counts folded into stripe 0', () => {
  let t: TestApp;
  let staff: TestSession;
  let ids: number[] = [];
  const { list } = listReader(
    () => ({ t, headers: { authorization: `Bearer ${staff.token}` } }),
    new Map(),
  );

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    staff = await createStaffSession(t);
    const names = ['Asha Kumar', 'Ravi Kumar', 'Meena Kumar', 'Priya Sharma', 'Amit Kumar'];
    const created = await insertApplicants(
      t,
      names.map((full_name, i) => ({
        createdAt: day(`2026-06-0${i + 1}`),
        profile: { full_name, aadhaar_number: `2345 6789 ${i < 4 ? '8034' : '1357'}` },
      })),
    );
    ids = created.map((applicant) => applicant.registration.id);
  }, 120_000);
  afterAll(() => t?.close());

  /** What staff read: each search's exact total by status. */
  async function totals() {
    const read: Record<string, number> = {};
    for (const term of ['kumar', '8034']) {
      for (const status of statuses) {
        read[`${term} ${status}`] = (
          await list(`search=${term}&status=${status}&page_size=1`)
        ).pagination.total_items;
      }
    }
    return read;
  }

  /**
   * A status change counted into `stripe`, as a transaction of another connection would count
   * (PGlite has one connection, which always takes the same stripe; the setting is what
   * name_word_counts_stripe() keeps for the rest of a transaction).
   */
  const changeInStripe = (stripe: number, id: number, status: string) =>
    t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('loan.name_word_counts_stripe', ${String(stripe)}, true)`,
      );
      await setStatus(tx, id, status);
    });

  it('leaves one row a key and status in stripe 0, with every total as it was', async () => {
    await changeInStripe(3, ids[0]!, 'pending_payment');
    await changeInStripe(9, ids[0]!, 'paid');
    await changeInStripe(9, ids[1]!, 'pending_payment');
    await changeInStripe(32, ids[2]!, 'pending_payment');
    await changeInStripe(32, ids[2]!, 'paid');
    await changeInStripe(17, ids[2]!, 'under_review');
    const before = await totals();
    expect(before).toMatchObject({
      'kumar draft': 1,
      'kumar pending_payment': 1,
      'kumar paid': 1,
      'kumar under_review': 1,
      '8034 draft': 1,
      '8034 paid': 1,
    });
    // The applicants' inserts counted into this connection's own stripe too.
    expect(await stripesIn(t.database.db, 'words')).toEqual(expect.arrayContaining([3, 9, 17, 32]));
    expect(await stripesIn(t.database.db, 'runs')).toEqual(expect.arrayContaining([3, 9, 17, 32]));

    const pass = await foldSearchCountStripes(t.database.db);
    expect(pass.folded).toBeGreaterThan(0);
    expect(pass.busy).toEqual([]);

    expect(await stripesIn(t.database.db, 'words')).toEqual([0]);
    expect(await stripesIn(t.database.db, 'runs')).toEqual([0]);
    const repeated = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        select count(*)::int as n from (
          select word, status from name_word_counts group by 1, 2 having count(*) > 1
          union all
          select digits::text, status from digit_run_counts group by 1, 2 having count(*) > 1
        ) as x`),
    );
    expect(repeated).toEqual([{ n: 0 }]);
    expect(await totals()).toEqual(before);
    expect(await searchCountsDrift(t.database.db)).toEqual([]);
    expect(await foldSearchCountStripes(t.database.db)).toEqual({ folded: 0, busy: [] });
  });

  it('counts right when writers add to the stripes again after a fold', async () => {
    await changeInStripe(9, ids[0]!, 'under_review');
    await changeInStripe(4, ids[3]!, 'pending_payment');
    await setStatus(t.database.db, ids[1]!, 'paid');
    expect(await totals()).toMatchObject({
      'kumar draft': 1,
      'kumar paid': 1,
      'kumar under_review': 2,
      '8034 pending_payment': 1,
      '8034 under_review': 2,
    });
    expect(await searchCountsDrift(t.database.db)).toEqual([]);
    await foldSearchCountStripes(t.database.db);
    expect(await searchCountsDrift(t.database.db)).toEqual([]);
    expect(await stripesIn(t.database.db, 'words')).toEqual([0]);
    expect(await stripesIn(t.database.db, 'runs')).toEqual([0]);
  });

  it("runs in the leader's pass beside the other folds, and one that fails stops no other", async () => {
    const errors: string[] = [];
    let searchFolds = 0;
    await changeInStripe(5, ids[3]!, 'under_review');
    const job = startDailyCountsFold(
      t.database.db,
      { error: (_object, message) => errors.push(message) },
      [
        async () => {
          throw new Error('an earlier fold failed');
        },
        async (db) => {
          searchFolds += 1;
          return foldSearchCountStripes(db);
        },
      ],
      0.05,
    );
    try {
      await vi.waitFor(() => expect(searchFolds).toBeGreaterThan(0), { timeout: 10_000 });
    } finally {
      await job.stop();
    }
    expect(errors[0]).toBe('folding the daily counts failed');
    expect(await stripesIn(t.database.db, 'words')).toEqual([0]);
    expect(await stripesIn(t.database.db, 'runs')).toEqual([0]);
    expect(await searchCountsDrift(t.database.db)).toEqual([]);
  });

  /**
   * On PostgreSQL, with real connections: a stripe a writer holds is left for the next pass (the
   * fold never waits for a writer), the others are folded, and no count is lost either way.
   */
  it.runIf(process.env.TEST_DATABASE_URL)(
    'leaves the stripe a writer holds for the next pass, and loses no count',
    async () => {
      const inStripe = async (stripe: number) =>
        rowsOf<{ n: number }>(
          await t.database.db.execute(sql`
            select (select count(*) from name_word_counts where stripe = ${stripe}::smallint)::int
              + (select count(*) from digit_run_counts where stripe = ${stripe}::smallint)::int
              as n`),
        )[0]?.n;
      let held = 0;
      let pass: Awaited<ReturnType<typeof foldSearchCountStripes>> | undefined;
      await t.database.db.transaction(async (writer) => {
        await setStatus(writer, ids[4]!, 'pending_payment');
        held = await stripeOf(writer);
        // Another writer commits a change in another stripe meanwhile.
        await t.database.db.transaction(async (other) => {
          await setStatus(other, ids[3]!, 'paid');
          expect(await stripeOf(other)).not.toBe(held);
        });
        pass = await foldSearchCountStripes(t.database.db);
      });
      expect(pass?.busy).toEqual([held]);
      expect(pass?.folded).toBeGreaterThan(0);
      expect(await stripesIn(t.database.db, 'words')).toEqual([0, held]);
      expect(await stripesIn(t.database.db, 'runs')).toEqual([0, held]);
      expect(await searchCountsDrift(t.database.db)).toEqual([]);
      expect(await totals()).toMatchObject({ 'kumar pending_payment': 1, '8034 paid': 2 });

      expect(await foldSearchCountStripes(t.database.db)).toMatchObject({ busy: [] });
      expect(await inStripe(held)).toBe(0);
      expect(await stripesIn(t.database.db, 'runs')).toEqual([0]);
      expect(await searchCountsDrift(t.database.db)).toEqual([]);
    },
  );
});
