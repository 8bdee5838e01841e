import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { users } from '../accounts/tables';
import { profiles, registrations } from './tables';
import { insertApplicant, insertApplicants, validPayload } from './test-support';

const LIST = '/api/registration/admin/profiles/';
const DASHBOARD = '/api/registration/admin/dashboard/';
const SIM_SECRET = 'simulator-secret-for-tests-0123456789';

// The back office's clock: 2026-06-15 12:00 in Kolkata (June is bar_chart month 6).
const NOW = new Date('2026-06-15T06:30:00Z');
const TODAY = '2026-06-15';

interface Dashboard {
  total_applicants: number;
  donut_chart: Record<string, number>;
  bar_chart: { month: number; count: number }[];
}

/**
 * The totals the back office shows come from the daily summary; these tests change registrations
 * the ways the product does (form submit, payment, account deletion) and the ways a bulk load
 * does, then compare what a caller sees with the rows themselves.
 */
describe('back-office totals (daily summary)', () => {
  let t: TestApp;
  let staff: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_SIMULATOR_SECRET: SIM_SECRET }, { now: () => NOW });
    staff = await createStaffSession(t);
  }, 120_000);
  afterAll(() => t.close());

  async function dashboard(): Promise<Dashboard> {
    const res = await t.app.inject({ url: DASHBOARD, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  /**
   * total_items and total_pages for a query. page_size=1 makes any result of two or more rows a
   * full page, so the total has to come from a count, not from the length of the page.
   */
  async function totals(query: string, page = 1) {
    const res = await t.app.inject({
      url: `${LIST}?page_size=1&page=${page}${query ? `&${query}` : ''}`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    const { pagination, results } = res.json();
    return { total: pagination.total_items, pages: pagination.total_pages, shown: results.length };
  }

  /** The dashboard's figures counted straight from the tables, as the old queries did. */
  async function directDashboard(): Promise<Dashboard> {
    const db = t.database.db;
    const count = sql<number>`count(*)::int`;
    const month = sql<number>`extract(month from ${registrations.createdAt} at time zone 'Asia/Kolkata')::int`;
    const [[total], byStatus, byMonth] = await Promise.all([
      db.select({ count }).from(profiles),
      db
        .select({ status: registrations.status, count })
        .from(registrations)
        .groupBy(registrations.status),
      db
        .select({ month, count })
        .from(registrations)
        .where(
          and(
            gte(registrations.createdAt, new Date('2026-01-01T00:00:00+05:30')),
            lt(registrations.createdAt, new Date('2027-01-01T00:00:00+05:30')),
          ),
        )
        .groupBy(month),
    ]);
    const months = new Map(byMonth.map((row) => [Number(row.month), Number(row.count)]));
    return {
      total_applicants: Number(total!.count),
      donut_chart: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.count)])),
      bar_chart: Array.from({ length: 12 }, (_, i) => ({
        month: i + 1,
        count: months.get(i + 1) ?? 0,
      })),
    };
  }

  async function expectDashboardToMatchTheRows() {
    const shown = await dashboard();
    expect({
      total_applicants: shown.total_applicants,
      donut_chart: shown.donut_chart,
      bar_chart: shown.bar_chart,
    }).toEqual(await directDashboard());
    expect((await totals('')).total).toBe(shown.total_applicants);
  }

  /** A signed-in client who has submitted the registration form: a draft, created NOW. */
  async function clientWithSubmittedForm() {
    const client = await createClientSession(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registration/profile/',
      headers: client.headers,
      payload: validPayload({ contact_number: client.phone }),
    });
    expect(res.statusCode).toBe(201);
    return { ...client, registrationId: res.json().application_id as number };
  }

  const june = (d: Dashboard) => d.bar_chart[5]!.count;

  it('a submitted form counts at once, as a draft of its Kolkata day', async () => {
    // Two earlier applicants today, so the day's total is a count even at page_size=1.
    await insertApplicant(t, { createdAt: new Date('2026-06-15T01:00:00Z') });
    await insertApplicant(t, { createdAt: new Date('2026-06-15T02:00:00Z'), status: 'paid' });
    const before = await dashboard();
    const todayBefore = await totals(`from_date=${TODAY}&to_date=${TODAY}`);
    expect(todayBefore).toEqual({ total: 2, pages: 2, shown: 1 });

    await clientWithSubmittedForm();

    const after = await dashboard();
    expect(after.total_applicants).toBe(before.total_applicants + 1);
    expect(after.donut_chart.draft).toBe((before.donut_chart.draft ?? 0) + 1);
    expect(after.donut_chart.paid).toBe(before.donut_chart.paid);
    expect(june(after)).toBe(june(before) + 1);
    expect(await totals(`from_date=${TODAY}&to_date=${TODAY}`)).toEqual({
      total: 3,
      pages: 3,
      shown: 1,
    });
    await expectDashboardToMatchTheRows();
  });

  it('a payment moves the applicant from draft to paid and leaves the list totals alone', async () => {
    const client = await clientWithSubmittedForm();
    const before = await dashboard();
    const todayBefore = await totals(`from_date=${TODAY}&to_date=${TODAY}`);

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/registration/cashfree/create-order/',
      headers: client.headers,
      payload: { amount: 10 },
    });
    expect(order.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/payments-simulator/sessions/${order.json().payment_session_id}/complete`,
      payload: { outcome: 'SUCCESS' },
    });
    expect(paid.json()).toMatchObject({ payment_status: 'SUCCESS', webhook_status: 200 });

    const after = await dashboard();
    expect(after.donut_chart.draft).toBe(before.donut_chart.draft! - 1);
    expect(after.donut_chart.paid).toBe((before.donut_chart.paid ?? 0) + 1);
    expect(after.total_applicants).toBe(before.total_applicants);
    expect(after.bar_chart).toEqual(before.bar_chart);
    expect(await totals(`from_date=${TODAY}&to_date=${TODAY}`)).toEqual(todayBefore);
    await expectDashboardToMatchTheRows();
  });

  it('deleting a client account (cascading to profile and registration) takes them out of every total', async () => {
    const client = await clientWithSubmittedForm();
    const before = await dashboard();
    const todayBefore = await totals(`from_date=${TODAY}&to_date=${TODAY}`);

    await t.database.db.delete(users).where(inArray(users.id, [client.userId]));

    const after = await dashboard();
    expect(after.total_applicants).toBe(before.total_applicants - 1);
    expect(after.donut_chart.draft).toBe(before.donut_chart.draft! - 1);
    expect(june(after)).toBe(june(before) - 1);
    expect((await totals(`from_date=${TODAY}&to_date=${TODAY}`)).total).toBe(todayBefore.total - 1);
    await expectDashboardToMatchTheRows();
  });

  it('date filters count whole Kolkata days: midnight belongs to the day it starts', async () => {
    // Kolkata midnight is 18:30 UTC the evening before. 2019 holds no other applicant.
    for (const at of [
      '2019-03-09T18:29:59.999Z', // 2019-03-09 23:59:59.999 in Kolkata
      '2019-03-09T18:30:00.000Z', // 2019-03-10 00:00
      '2019-03-10T18:29:59.999Z', // 2019-03-10 23:59:59.999
      '2019-03-10T18:30:00.000Z', // 2019-03-11 00:00
      '2019-03-11T10:00:00.000Z', // 2019-03-11 15:30
    ]) {
      await insertApplicant(t, { createdAt: new Date(at) });
    }
    expect(await totals('from_date=2019-03-10&to_date=2019-03-10')).toEqual({
      total: 2,
      pages: 2,
      shown: 1,
    });
    expect((await totals('from_date=2019-03-11&to_date=2019-03-11')).total).toBe(2);
    expect((await totals('from_date=2019-03-09&to_date=2019-03-10')).total).toBe(3);
    expect((await totals('from_date=2019-03-09&to_date=2019-03-11')).total).toBe(5);
    expect((await totals('to_date=2019-03-10')).total).toBe(3);
    expect((await totals('from_date=2019-03-12&to_date=2019-12-31')).total).toBe(0);
    // Past the last page: no rows to go by, the total still comes from the summary.
    expect(await totals('from_date=2019-03-10&to_date=2019-03-11', 9)).toEqual({
      total: 4,
      pages: 4,
      shown: 0,
    });
    // The rows paged through are the rows counted.
    const shown: number[] = [];
    for (let page = 1; page <= 4; page++) {
      shown.push((await totals('from_date=2019-03-10&to_date=2019-03-11', page)).shown);
    }
    expect(shown).toEqual([1, 1, 1, 1]);
  });

  it('a bulk load in one statement per table, foreign-key triggers off as the seeder does, counts every row', async () => {
    const before = await dashboard();
    const day = (iso: string) => new Date(`${iso}T06:00:00Z`);
    const loaded = await t.database.db.transaction(async (tx) => {
      // What the bench seeder does for its COPY: silences ordinary triggers, not ALWAYS ones.
      await tx.execute(sql`set local session_replication_role = replica`);
      return insertApplicants(
        t,
        [
          { createdAt: day('2026-02-01'), status: 'draft' },
          { createdAt: day('2026-02-01'), status: 'paid' },
          { createdAt: day('2026-02-01'), status: 'paid' },
          { createdAt: day('2026-02-02'), status: 'pending_payment' },
          { createdAt: day('2026-02-02'), status: 'draft' },
        ],
        tx,
      );
    });
    const february = 'from_date=2026-02-01&to_date=2026-02-28';
    expect((await totals(february)).total).toBe(5);
    expect((await totals('from_date=2026-02-01&to_date=2026-02-01')).total).toBe(3);
    const after = await dashboard();
    expect(after.total_applicants).toBe(before.total_applicants + 5);
    expect(after.donut_chart.paid).toBe((before.donut_chart.paid ?? 0) + 2);
    expect(after.donut_chart.pending_payment).toBe((before.donut_chart.pending_payment ?? 0) + 1);
    expect(after.bar_chart[1]!.count).toBe(before.bar_chart[1]!.count + 5);
    await expectDashboardToMatchTheRows();

    // One UPDATE over several rows and statuses, then one DELETE over several accounts.
    const ids = loaded.map((row) => row.registration.id);
    await t.database.db
      .update(registrations)
      .set({ status: 'paid' })
      .where(inArray(registrations.id, ids));
    const allPaid = await dashboard();
    expect(allPaid.donut_chart.paid).toBe((before.donut_chart.paid ?? 0) + 5);
    expect(allPaid.donut_chart.draft).toBe(before.donut_chart.draft);
    await expectDashboardToMatchTheRows();

    await t.database.db.delete(users).where(
      inArray(
        users.id,
        loaded.map((row) => row.userId),
      ),
    );
    expect((await totals(february)).total).toBe(0);
    const gone = await dashboard();
    expect(gone.total_applicants).toBe(before.total_applicants);
    expect(gone.donut_chart).toEqual(before.donut_chart);
    await expectDashboardToMatchTheRows();
  });

  it('a search still counts its matches exactly, with and without a date range', async () => {
    for (const [at, name] of [
      ['2026-05-01T06:00:00Z', 'Zubin Quixote'],
      ['2026-05-02T06:00:00Z', 'Ila Quixote'],
      ['2026-05-20T06:00:00Z', 'Om Quixote'],
    ] as const) {
      await insertApplicant(t, { createdAt: new Date(at), profile: { full_name: name } });
    }
    expect(await totals('search=quixote')).toEqual({ total: 3, pages: 3, shown: 1 });
    expect(await totals('search=QUIXOTE', 7)).toEqual({ total: 3, pages: 3, shown: 0 });
    expect(await totals('search=quixote&from_date=2026-05-01&to_date=2026-05-02')).toEqual({
      total: 2,
      pages: 2,
      shown: 1,
    });
    expect((await totals('search=quixote&from_date=2026-05-03')).total).toBe(1);
  });

  it('a truncate (a bench re-seed) empties the summary with the table', async () => {
    expect((await dashboard()).total_applicants).toBeGreaterThan(0);
    // As the seeder empties the tables: registrations go by cascade, and so do payments.
    await t.database.db.execute(sql`truncate profiles cascade`);
    const empty = await dashboard();
    expect(empty.total_applicants).toBe(0);
    expect(empty.donut_chart).toEqual({});
    expect(empty.bar_chart.every((month) => month.count === 0)).toBe(true);
    expect(await totals('', 2)).toEqual({ total: 0, pages: 1, shown: 0 });
  });
});
