import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaffSession, type TestSession } from '../../test/sessions';
import { users } from '../accounts/tables';
import { profiles, registrations } from './tables';
import {
  insertApplicants,
  listReader,
  migratedOver,
  searchCountsDrift,
  TWO_APPLICANTS_SQL,
} from './test-support';

const NOW = new Date('2026-06-15T06:30:00Z');
const day = (iso: string) => new Date(`${iso}T06:30:00Z`);

/** Numbers that hold no run of the terms below unless a fixture says so. */
const plain = (i: number) => ({
  contact_number: `60000000${String(i).padStart(2, '0')}`,
  alternative_contact_number: '',
  pan_number: `QQQPQ${String(i).padStart(2, '0')}11Q`,
  aadhaar_number: `5555 5555 55${String(i).padStart(2, '0')}`,
  account_number: `7777777777${String(i).padStart(2, '0')}`,
});

/**
 * Issue 17: a search of exactly four digits reads `registration_digit_grams` (migration 0025), one
 * row per run of four digits of a registration's numbers. A caller must see what the search over
 * the numbers themselves selected: the contact numbers and the PAN containing the digits, the last
 * four digits of the Aadhaar and account numbers equal to them; each registration once, newest
 * first, with exact totals, after every change the product makes to a number or a status.
 */
describe('applicants list search of four digits', () => {
  let t: TestApp;
  let staff: TestSession;
  const ids: Record<string, { registrationId: number; profileId: number; userId: number }> = {};
  const key = new Map<number, string>();

  // Newest first: A, B, C, D, E, F, G, H.
  const fixtures = {
    A: { createdAt: day('2026-06-14'), status: 'paid', contact_number: '9876580341' },
    B: { createdAt: day('2026-06-12'), status: 'draft', alternative_contact_number: '7080340000' },
    C: { createdAt: day('2026-06-10'), status: 'paid', pan_number: 'ABCDE8034F' },
    D: { createdAt: day('2026-06-08'), status: 'draft', aadhaar_number: '1111 2222 8034' },
    E: { createdAt: day('2026-06-05'), status: 'paid', account_number: '000000008034' },
    // The run in every field, twice in the number: one row, counted once.
    F: {
      createdAt: day('2026-06-02'),
      status: 'paid',
      contact_number: '8034803480',
      alternative_contact_number: '9998034999',
      pan_number: 'ABCDE8034F',
      aadhaar_number: '1111 2222 8034',
      account_number: '000000008034',
    },
    // Leading zeros: "0034" is a run of its own, not "34".
    G: { createdAt: day('2026-05-20'), status: 'paid', aadhaar_number: '1111 2222 0034' },
    H: { createdAt: day('2026-04-01'), status: 'draft' },
  } as const;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    staff = await createStaffSession(t);
    const entries = Object.entries(fixtures);
    const created = await insertApplicants(
      t,
      entries.map(([, { createdAt, status, ...numbers }], i) => ({
        createdAt,
        status,
        profile: { ...plain(i), ...numbers },
      })),
    );
    created.forEach((applicant, i) => {
      const name = entries[i]![0];
      ids[name] = {
        registrationId: applicant.registration.id,
        profileId: applicant.profile.id,
        userId: applicant.userId,
      };
      key.set(applicant.profile.id, name);
    });
  }, 120_000);
  afterAll(() => t.close());

  const { list, everyPage } = listReader(() => ({ t, headers: staff.headers }), key);

  /** The names the same search over the numbers themselves selects, newest first. */
  async function matchingNumbers(digits: string, extra: SQL = sql`true`) {
    const rows = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`
        select p.id from registrations r join profiles p on p.id = r.profile_id
        where (p.contact_number like ${`%${digits}%`}
          or p.alternative_contact_number like ${`%${digits}%`}
          or p.pan_number like ${`%${digits}%`}
          or p.aadhaar_last4 = ${digits} or p.account_last4 = ${digits})
          and ${extra}
        order by r.created_at desc, r.id desc`),
    );
    return rows.map((row) => key.get(Number(row.id)));
  }

  it.each([
    ['8034', ['A', 'B', 'C', 'D', 'E', 'F']],
    ['0034', ['G']],
    ['0341', ['A']],
    ['4803', ['F']],
    ['9999', []],
  ])('%j: every match once, newest first, exact total on every page', async (term, expected) => {
    const { keys, total } = await everyPage(`search=${term}`);
    expect(keys).toEqual(expected);
    expect(total).toBe(expected.length);
    expect(await matchingNumbers(term)).toEqual(expected);
  });

  // Kolkata days: 2026-06-05 starts at 2026-06-04T18:30Z, 2026-06-12 ends at 2026-06-12T18:30Z.
  const june5to12 = sql`r.created_at >= '2026-06-04T18:30:00Z' and r.created_at < '2026-06-12T18:30:00Z'`;
  it.each([
    ['search=8034&status=paid', ['A', 'C', 'E', 'F'], sql`r.status = 'paid'`],
    [
      'search=8034&status=paid,draft',
      ['A', 'B', 'C', 'D', 'E', 'F'],
      sql`r.status in ('paid', 'draft')`,
    ],
    ['search=8034&from_date=2026-06-05&to_date=2026-06-12', ['B', 'C', 'D', 'E'], june5to12],
    [
      'search=8034&status=draft&from_date=2026-06-05&to_date=2026-06-12',
      ['B', 'D'],
      sql`${june5to12} and r.status = 'draft'`,
    ],
    ['search=8034&status=approved', [], sql`r.status = 'approved'`],
  ])('%s: the filters apply', async (query, expected, same) => {
    const { keys, total } = await everyPage(query);
    expect(keys).toEqual(expected);
    expect(total).toBe(expected.length);
    expect(await matchingNumbers('8034', same)).toEqual(expected);
  });

  it('a short page after the first tells the exact total', async () => {
    const res = await list('search=8034&page_size=4&page=2');
    expect(res.results.map((r) => key.get(r.id))).toEqual(['E', 'F']);
    expect(res.pagination).toMatchObject({ total_items: 6, total_pages: 2 });
  });

  it('a page far past the end is empty with the exact total, not an error', async () => {
    const res = await list('search=8034&page=999999999&page_size=100');
    expect(res.results).toEqual([]);
    expect(res.pagination.total_items).toBe(6);
  });

  it('with a status filter and no date range, the total is the sum of the counts (0029)', async () => {
    // 100 more in a stripe nobody writes shows as 100 more: the total is read from the counts,
    // and the page still from the runs themselves.
    const nudge = (by: number) =>
      t.database.db.execute(sql`insert into digit_run_counts (digits, status, stripe, count)
        values (8034, 'paid', 100, ${by})
        on conflict (digits, status, stripe) do update set count = digit_run_counts.count + ${by}`);
    await nudge(100);
    try {
      const res = await list('search=8034&status=paid&page_size=2');
      expect(res.results.map((r) => key.get(r.id))).toEqual(['A', 'C']);
      expect(res.pagination.total_items).toBe(104);
      // With a date range, or none of the filter, the runs are counted themselves.
      expect((await list('search=8034&page_size=2')).pagination.total_items).toBe(6);
      expect(
        (await list('search=8034&status=paid&from_date=2026-01-01&to_date=2026-06-15&page_size=2'))
          .pagination.total_items,
      ).toBe(4);
    } finally {
      await nudge(-100);
    }
    expect((await list('search=8034&status=paid&page_size=2')).pagination.total_items).toBe(4);
    // The page stops at the last match the counts tell of: a short last page, a page past the
    // end, a status no match has.
    const last = await list('search=8034&status=paid&page_size=3&page=2');
    expect(last.results.map((r) => key.get(r.id))).toEqual(['F']);
    expect(last.pagination).toMatchObject({ total_items: 4, total_pages: 2 });
    const past = await list('search=8034&status=paid&page_size=3&page=3');
    expect(past.results).toEqual([]);
    expect(past.pagination.total_items).toBe(4);
    const none = await list('search=8034&status=rejected');
    expect(none.results).toEqual([]);
    expect(none.pagination.total_items).toBe(0);
  });

  describe('after changes', () => {
    const db = () => t.database.db;

    it('a status change is searched with its new status, and leaves the runs alone', async () => {
      const rowsOfB = async () =>
        rowsOf<{ ctid: string }>(
          await db().execute(
            sql`select ctid::text from registration_digit_grams where registration_id = ${ids.B!.registrationId} order by 1`,
          ),
        ).map((row) => row.ctid);
      const before = await rowsOfB();
      expect(before.length).toBeGreaterThan(0);
      await db()
        .update(registrations)
        .set({ status: 'paid' })
        .where(eq(registrations.id, ids.B!.registrationId));
      expect((await everyPage('search=8034&status=paid')).keys).toEqual(['A', 'B', 'C', 'E', 'F']);
      expect((await everyPage('search=8034&status=draft')).keys).toEqual(['D']);
      expect(
        (await everyPage('search=8034&status=paid&from_date=2026-06-12&to_date=2026-06-14')).keys,
      ).toEqual(['A', 'B']);
      // The same rows where they were: a status change rewrites no run (migration 0025).
      expect(await rowsOfB()).toEqual(before);
    });

    it('a changed number is found by its new digits only', async () => {
      await db()
        .update(profiles)
        .set({ contactNumber: '9876512345', aadhaarLast4: '4321' })
        .where(eq(profiles.id, ids.A!.profileId));
      await db()
        .update(profiles)
        .set({ aadhaarLast4: '8034' })
        .where(eq(profiles.id, ids.H!.profileId));
      expect((await everyPage('search=8034')).keys).toEqual(['B', 'C', 'D', 'E', 'F', 'H']);
      expect((await everyPage('search=4321')).keys).toEqual(['A']);
      expect((await everyPage('search=1234')).keys).toEqual(['A']);
      expect(await matchingNumbers('8034')).toEqual(['B', 'C', 'D', 'E', 'F', 'H']);
    });

    it("a registration moved to another profile is found by that profile's numbers", async () => {
      // A profile without a registration (its own was deleted), whose Aadhaar ends 5566.
      const [spare] = await insertApplicants(t, [
        {
          createdAt: day('2026-01-01'),
          profile: { ...plain(21), aadhaar_number: '1111 2222 5566' },
        },
      ]);
      await db().delete(registrations).where(eq(registrations.id, spare!.registration.id));
      await db()
        .update(registrations)
        .set({ profileId: spare!.profile.id })
        .where(eq(registrations.id, ids.G!.registrationId));
      const found = await list('search=5566');
      expect(found.results.map((r) => r.id)).toEqual([spare!.profile.id]);
      expect((await everyPage('search=0034')).keys).toEqual([]);
      // And back, for the tests below.
      await db()
        .update(registrations)
        .set({ profileId: ids.G!.profileId })
        .where(eq(registrations.id, ids.G!.registrationId));
      expect((await everyPage('search=0034')).keys).toEqual(['G']);
      expect((await list('search=5566')).pagination.total_items).toBe(0);
    });

    it('a bulk load with foreign-key triggers off (the bench seeder) is searchable', async () => {
      await db().transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        const [bulk] = await insertApplicants(
          t,
          [
            {
              createdAt: day('2026-06-13'),
              status: 'paid',
              profile: { ...plain(20), aadhaar_number: '1111 2222 4455' },
            },
          ],
          tx as unknown as Database,
        );
        key.set(bulk!.profile.id, 'bulk');
      });
      expect((await everyPage('search=4455&status=paid')).keys).toEqual(['bulk']);
    });

    it('a registration moved to another day is found in that day', async () => {
      await db()
        .update(registrations)
        .set({ createdAt: day('2026-06-13') })
        .where(eq(registrations.id, ids.E!.registrationId));
      expect((await everyPage('search=8034&from_date=2026-06-13&to_date=2026-06-13')).keys).toEqual(
        ['E'],
      );
      expect((await everyPage('search=8034')).keys).toEqual(['E', 'B', 'C', 'D', 'F', 'H']);
    });

    it('an erased or deleted applicant is found no more', async () => {
      // Erasure empties the numbers (data-rights/erase.ts); account deletion cascades.
      await db()
        .update(profiles)
        .set({
          contactNumber: '',
          alternativeContactNumber: null,
          panNumber: '',
          aadhaarLast4: '',
          accountLast4: '',
        })
        .where(eq(profiles.id, ids.F!.profileId));
      await db().delete(users).where(eq(users.id, ids.C!.userId));
      expect((await everyPage('search=8034')).keys).toEqual(['E', 'B', 'D', 'H']);
      expect((await everyPage('search=4803')).keys).toEqual([]);
      expect(await matchingNumbers('8034')).toEqual(['E', 'B', 'D', 'H']);
    });

    it('registration_digit_grams holds exactly the runs of every registration, after all of it', async () => {
      const [row] = rowsOf<{ missing: number; extra: number }>(
        await db().execute(sql`
          with expected as (
            select g as digits, x.created_at, x.registration_id
            from registration_numbers x
              cross join lateral registration_digit_grams_of(x.contact_number,
                x.alternative_contact_number, x.pan_number, x.aadhaar_last4, x.account_last4) g
          )
          select
            (select count(*) from (select * from expected
              except all select digits, created_at, registration_id
              from registration_digit_grams) as m)::int as missing,
            (select count(*) from (select digits, created_at, registration_id
              from registration_digit_grams except all select * from expected) as e)::int as extra`),
      );
      expect(row).toEqual({ missing: 0, extra: 0 });
      // The function itself, on a number that holds a run twice and a PAN with letters around it.
      const runs = rowsOf<{ digits: number }>(
        await db().execute(
          sql`select registration_digit_grams_of('8034803480', null, 'ABCDE0034F', '0034', '12ab') as digits order by 1`,
        ),
      ).map((r) => Number(r.digits));
      expect(runs).toEqual([34, 348, 3480, 4803, 8034]);
    });

    it('a status change with a move in one statement, and several deleted at once, are counted', async () => {
      const [first, spare, third] = await insertApplicants(
        t,
        ['5151', '6161', '5151'].map((last4, i) => ({
          createdAt: day(`2026-03-0${i + 1}`),
          status: 'draft',
          profile: { ...plain(30 + i), aadhaar_number: `1111 2222 ${last4}` },
        })),
      );
      // A profile without a registration, then one statement that moves `first` onto it and
      // changes its status: its old runs leave 'draft', its new runs arrive in 'paid'.
      await db().delete(registrations).where(eq(registrations.id, spare!.registration.id));
      await db()
        .update(registrations)
        .set({ status: 'paid', profileId: spare!.profile.id })
        .where(eq(registrations.id, first!.registration.id));
      const totalOf = async (query: string) =>
        (await list(`${query}&page_size=1`)).pagination.total_items;
      expect(await totalOf('search=6161&status=paid')).toBe(1);
      expect(await totalOf('search=6161&status=draft')).toBe(0);
      expect(await totalOf('search=5151&status=draft')).toBe(1);
      expect(await totalOf('search=5151&status=paid')).toBe(0);
      // Both accounts in one statement: their registrations go by one cascade.
      await db()
        .delete(users)
        .where(inArray(users.id, [first!.userId, third!.userId]));
      expect(await totalOf('search=6161&status=paid')).toBe(0);
      expect(await totalOf('search=5151&status=draft')).toBe(0);
    });

    it('digit_run_counts holds exactly the runs by status, after all of it', async () => {
      expect(await searchCountsDrift(db(), 'runs')).toEqual([]);
      const [counted] = rowsOf<{ n: number }>(
        await db().execute(sql`select sum(count)::int as n from digit_run_counts`),
      );
      expect(counted?.n).toBeGreaterThan(50);
    });

    it('the rows a status change rewrites have room on their page (0028, 0029)', async () => {
      const options = rowsOf<{ relname: string; reloptions: string[] }>(
        await db().execute(sql`
          select relname, reloptions from pg_class
          where relname in ('registration_numbers', 'digit_run_counts')
          order by relname`),
      );
      expect(options).toEqual([
        { relname: 'digit_run_counts', reloptions: ['fillfactor=50'] },
        { relname: 'registration_numbers', reloptions: ['fillfactor=90'] },
      ]);
    });

    it('both search tables are vacuumed after a fixed number of changes, not a fifth of the table', async () => {
      // Migration 0026: the index-only counts of a name and of four digits visit the table for
      // every match on a page a status change touched, until a vacuum.
      const options = rowsOf<{ relname: string; reloptions: string[] }>(
        await db().execute(sql`
          select relname, reloptions from pg_class
          where relname in ('registration_name_words', 'registration_digit_grams')
          order by relname`),
      );
      expect(options).toEqual([
        {
          relname: 'registration_digit_grams',
          reloptions: [
            'autovacuum_vacuum_scale_factor=0',
            'autovacuum_vacuum_threshold=5000',
            'autovacuum_vacuum_insert_scale_factor=0',
            'autovacuum_vacuum_insert_threshold=10000',
          ],
        },
        {
          relname: 'registration_name_words',
          reloptions: [
            'autovacuum_vacuum_scale_factor=0',
            'autovacuum_vacuum_threshold=2000',
            'autovacuum_vacuum_insert_scale_factor=0',
            'autovacuum_vacuum_insert_threshold=2000',
          ],
        },
      ]);
    });

    it('a truncate of the registrations empties it too', async () => {
      await db().execute(sql`truncate registrations cascade`);
      const [row] = rowsOf<{ runs: number; counts: number }>(
        await db().execute(sql`select
          (select count(*) from registration_digit_grams)::int as runs,
          (select count(*) from digit_run_counts)::int as counts`),
      );
      expect(row).toEqual({ runs: 0, counts: 0 });
    });
  });
});

/**
 * A database that had applicants before migration 0025: the migration fills the runs of every
 * registration already there. On a fresh in-memory PGlite, migrated to 0024 first from a copy of
 * the migrations folder.
 */
describe('migration 0025 on a database with applicants', () => {
  it('fills the runs of the registrations already there', async () => {
    await migratedOver(
      '0025',
      (client) => client.exec(TWO_APPLICANTS_SQL),
      async (client) => {
        const runs = rowsOf<{ digits: number; registration_id: number }>(
          await client.query(
            'select digits, registration_id from registration_digit_grams where digits in (8034, 34, 341) order by registration_id, digits',
          ),
        );
        expect(runs).toEqual([
          { digits: 341, registration_id: 1 },
          { digits: 8034, registration_id: 1 },
          { digits: 34, registration_id: 2 },
          { digits: 8034, registration_id: 2 },
        ]);
      },
    );
  }, 120_000);
});

describe('migration 0029 on a database with applicants', () => {
  it('counts the runs of the registrations already there, by status', async () => {
    await migratedOver(
      '0029',
      (client) => client.exec(TWO_APPLICANTS_SQL),
      async (client) => {
        const counts = rowsOf<{ digits: number; status: string; count: number }>(
          await client.query(
            'select digits, status, sum(count)::int as count from digit_run_counts where digits in (8034, 34, 341) group by 1, 2 order by 1, 2',
          ),
        );
        expect(counts).toEqual([
          { digits: 34, status: 'draft', count: 1 },
          { digits: 341, status: 'paid', count: 1 },
          { digits: 8034, status: 'draft', count: 1 },
          { digits: 8034, status: 'paid', count: 1 },
        ]);
      },
    );
  }, 120_000);
});
