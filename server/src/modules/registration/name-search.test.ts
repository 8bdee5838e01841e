import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaffSession, type TestSession } from '../../test/sessions';
import { users } from '../accounts/tables';
import { nameWords, profiles, registrations } from './tables';
import {
  insertApplicants,
  listReader,
  migratedOver,
  searchCountsDrift,
  TWO_APPLICANTS_SQL,
} from './test-support';

const NOW = new Date('2026-06-15T06:30:00Z');
const day = (iso: string) => new Date(`${iso}T06:30:00Z`);

/**
 * Issue 17: the list's search reads names through their words (registration_name_words) and
 * numbers through the profiles' indexes. What a caller sees must stay what `LIKE '%term%'` on the
 * name, the two numbers and the PAN (and four digits on the masked numbers) selects, with exact
 * totals, whatever the words, and after every change the product makes to a name or a status.
 */
describe('applicants list search by name words', () => {
  let t: TestApp;
  let staff: TestSession;
  const ids: Record<string, { registrationId: number; profileId: number; userId: number }> = {};
  const key = new Map<number, string>();

  // Newest first: A, D, G, B, H, E, I, C, F.
  const fixtures = {
    A: { createdAt: day('2026-06-14'), status: 'paid', full_name: 'Priya Sharma' },
    B: { createdAt: day('2026-06-10'), status: 'draft', full_name: 'Rahul Sharmaji' },
    // One word twice: one row.
    C: { createdAt: day('2026-05-01'), status: 'paid', full_name: 'Sharma  Sharma' },
    // Two different words holding "anan": counted once.
    D: { createdAt: day('2026-06-12'), status: 'draft', full_name: 'Ananya Anand' },
    // Found by PAN only.
    E: {
      createdAt: day('2026-06-05'),
      status: 'paid',
      full_name: 'Kavya Iyer',
      pan_number: 'SHARM1234K',
    },
    // Found by name and by PAN: counted once.
    I: {
      createdAt: day('2026-06-02'),
      status: 'paid',
      full_name: 'Sharmila Bose',
      pan_number: 'SHARM5678B',
    },
    F: { createdAt: day('2026-04-01'), status: 'draft', full_name: 'Zharkov Rao' },
    G: {
      createdAt: day('2026-06-11'),
      status: 'paid',
      full_name: 'Amit Kumar',
      contact_number: '9812345670',
    },
    H: {
      createdAt: day('2026-06-08'),
      status: 'draft',
      full_name: 'Neha Joshi',
      alternative_contact_number: '7000012345',
    },
  } as const;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    staff = await createStaffSession(t);
    const entries = Object.entries(fixtures);
    const created = await insertApplicants(
      t,
      entries.map(([, { createdAt, status, ...profile }], i) => ({
        createdAt,
        status,
        seed: 7000 + i,
        // Distinct numbers that hold none of the terms below unless a fixture says so.
        profile: {
          contact_number: `60000000${String(i).padStart(2, '0')}`,
          alternative_contact_number: '',
          pan_number: `QQQPQ${String(i).padStart(4, '0')}Q`,
          ...profile,
        },
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

  it.each([
    ['sharma', ['A', 'B', 'C']],
    ['SHARM', ['A', 'B', 'E', 'I', 'C']],
    ['anan', ['D']],
    ['rmil', ['I']],
    ['12345', ['G', 'H']],
    ['priya sharma', ['A']],
    ['a sharma', ['A']],
    ['zharkov', ['F']],
    ['nobody', []],
    // Letters with digits or signs: no name holds them, so only the numbers are searched.
    ['sharm1234', ['E']],
    ['SHARM5678B', ['I']],
    ['sharma-', []],
    // One or two characters: no trigram, so LIKE from the date index; the same rows and totals.
    ['ar', ['A', 'G', 'B', 'E', 'I', 'C', 'F']],
    ['AR', ['A', 'G', 'B', 'E', 'I', 'C', 'F']],
    ['7', ['G', 'H', 'I']],
    ['45', ['G', 'H']],
  ])('%j: every match once, newest first, exact total on every page', async (term, expected) => {
    const { keys, total } = await everyPage(`search=${encodeURIComponent(term)}`);
    expect(keys).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it.each(['sharma', '12345'])(
    '%j: a page far past the end is empty with the exact total, not an error',
    async (term) => {
      // Offset 99,999,999,800: past a 32-bit integer.
      const res = await list(`search=${term}&page=999999999&page_size=100`);
      expect(res.results).toEqual([]);
      expect(res.pagination.total_items).toBe(term === 'sharma' ? 3 : 2);
    },
  );

  it.each([
    ['search=sharm&status=paid', ['A', 'E', 'I', 'C']],
    ['search=sharm&from_date=2026-06-02&to_date=2026-06-10', ['B', 'E', 'I']],
    ['search=sharm&status=paid&from_date=2026-06-02&to_date=2026-06-10', ['E', 'I']],
    ['search=12345&status=draft', ['H']],
  ])('%s: the filters apply to both parts', async (query, expected) => {
    const { keys, total } = await everyPage(query);
    expect(keys).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it('a term in more than 64 words of the dictionary is matched with LIKE, same rows and total', async () => {
    // 66 names, each with its own word holding "vx" ("vxaa" ... "vxcn"): past MAX_NAME_WORDS the
    // list matches the name with LIKE; 26 of them hold "vxa", which stays a word search.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const words = Array.from(
      { length: 66 },
      (_, i) => `vx${letters[Math.floor(i / 26)]}${letters[i % 26]}`,
    );
    const created = await insertApplicants(
      t,
      words.map((word, i) => ({
        createdAt: new Date(day('2026-03-01').getTime() + i * 60_000),
        status: i % 2 ? 'paid' : 'draft',
        seed: 8000 + i,
        profile: {
          full_name: `Test ${word}`,
          contact_number: `61000000${String(i).padStart(2, '0')}`,
          alternative_contact_number: '',
          pan_number: `QQQPR${String(i).padStart(4, '0')}Q`,
        },
      })),
    );
    created.forEach((applicant, i) => {
      key.set(applicant.profile.id, words[i]!);
    });
    const newestFirst = [...words].reverse();
    for (const [query, expected] of [
      ['search=vx', newestFirst],
      ['search=vx&status=paid', newestFirst.filter((_, i) => i % 2 === 0)],
      ['search=vxa', newestFirst.filter((word) => word.startsWith('vxa'))],
    ] as const) {
      const first = await list(`${query}&page_size=10`);
      expect(first.pagination.total_items, query).toBe(expected.length);
      const keys: (string | undefined)[] = [];
      for (let page = 1; page <= first.pagination.total_pages; page++) {
        const next = await list(`${query}&page_size=10&page=${page}`);
        expect(next.pagination.total_items, query).toBe(expected.length);
        keys.push(...next.results.map((r) => key.get(r.id)));
      }
      expect(keys, query).toEqual(expected);
    }
  });

  describe('after changes', () => {
    const db = () => t.database.db;

    it('a status change is searched with its new status', async () => {
      await db()
        .update(registrations)
        .set({ status: 'paid' })
        .where(eq(registrations.id, ids.B!.registrationId));
      expect((await everyPage('search=sharma&status=paid')).keys).toEqual(['A', 'B', 'C']);
      expect((await everyPage('search=sharma&status=draft')).keys).toEqual([]);
    });

    it('a number search follows a status change and a changed number (registration_numbers)', async () => {
      expect((await everyPage('search=12345&status=paid')).keys).toEqual(['G']);
      await db()
        .update(registrations)
        .set({ status: 'paid' })
        .where(eq(registrations.id, ids.H!.registrationId));
      expect((await everyPage('search=12345&status=paid')).keys).toEqual(['G', 'H']);
      await db()
        .update(profiles)
        .set({ contactNumber: '9800000000' })
        .where(eq(profiles.id, ids.G!.profileId));
      expect((await everyPage('search=12345')).keys).toEqual(['H']);
      expect((await everyPage('search=980000')).keys).toEqual(['G']);
      // A date range on the number part reads the registration's own creation day.
      expect(
        (await everyPage('search=980000&from_date=2026-06-11&to_date=2026-06-11')).keys,
      ).toEqual(['G']);
      expect(
        (await everyPage('search=980000&from_date=2026-06-12&to_date=2026-06-14')).keys,
      ).toEqual([]);
    });

    it('a changed number is in the trigram indexes at once, with no pending list for searches to read', async () => {
      // GIN's fastupdate (the default) queues new entries in a pending list that every search
      // reads in full until a vacuum flushes it: at a million applicants, a day of status changes
      // made a PAN search 9 times slower (migration 0024).
      await db()
        .update(profiles)
        .set({
          contactNumber: '9811111111',
          alternativeContactNumber: '9822222222',
          panNumber: 'QWERT4321Y',
        })
        .where(eq(profiles.id, ids.G!.profileId));
      expect((await everyPage('search=981111')).keys).toEqual(['G']);
      for (const index of [
        'registration_numbers_contact_number_trgm_idx',
        'registration_numbers_alternative_contact_number_trgm_idx',
        'registration_numbers_pan_number_trgm_idx',
      ]) {
        // The number of pending-list pages this call had to move into the index.
        const [row] = rowsOf<{ pending: number }>(
          await db().execute(
            sql`select gin_clean_pending_list(${index}::regclass)::int as pending`,
          ),
        );
        expect({ index, pending: row?.pending }).toEqual({ index, pending: 0 });
      }
    });

    it('a renamed applicant is found by the new name only', async () => {
      await db()
        .update(profiles)
        .set({ fullName: 'Priya Verma' })
        .where(eq(profiles.id, ids.A!.profileId));
      expect((await everyPage('search=sharma')).keys).toEqual(['B', 'C']);
      expect((await everyPage('search=verma')).keys).toEqual(['A']);
    });

    it("a name's last holder renamed or deleted takes its word out of the dictionary", async () => {
      const words = async () =>
        (
          await db()
            .select({ word: nameWords.word })
            .from(nameWords)
            .where(inArray(nameWords.word, ['zharkov', 'rao', 'sharmila', 'bose']))
        )
          .map((row) => row.word)
          .sort();
      expect(await words()).toEqual(['bose', 'rao', 'sharmila', 'zharkov']);
      await db()
        .update(profiles)
        .set({ fullName: 'Erased' })
        .where(eq(profiles.id, ids.F!.profileId));
      expect(await words()).toEqual(['bose', 'sharmila']);
      // Account deletion: user, profile and registration go by cascade.
      await db().delete(users).where(eq(users.id, ids.I!.userId));
      expect(await words()).toEqual([]);
      expect((await everyPage('search=sharm')).keys).toEqual(['B', 'E', 'C']);
      expect((await everyPage('search=zharkov')).keys).toEqual([]);
    });

    it('one word without a date range is totalled from its counts, exact after every change (0027)', async () => {
      // "quillon" is one word of the dictionary: its total is the sum of its name_word_counts.
      const names = ['Asha Quillon', 'Ravi Quillon', 'Quillon Das'];
      const created = await insertApplicants(
        t,
        names.map((full_name, i) => ({
          createdAt: day(`2026-06-0${9 - i}`),
          status: i === 1 ? 'draft' : 'paid',
          seed: 9000 + i,
          profile: {
            full_name,
            contact_number: `62000000${String(i).padStart(2, '0')}`,
            alternative_contact_number: '',
            pan_number: `QQQPS${String(i).padStart(4, '0')}Q`,
          },
        })),
      );
      created.forEach((applicant, i) => {
        key.set(applicant.profile.id, names[i]!);
      });
      const [asha, ravi, das] = created;
      const totals = async () => ({
        all: (await everyPage('search=quillon')).total,
        paid: (await everyPage('search=quillon&status=paid')).total,
        draft: (await everyPage('search=QUILLON&status=draft')).total,
        either: (await everyPage('search=quillon&status=paid,draft')).total,
      });
      expect((await everyPage('search=quillon')).keys).toEqual(names);
      expect(await totals()).toEqual({ all: 3, paid: 2, draft: 1, either: 3 });
      // The totals are read from the counts: 100 more in a stripe nobody writes shows as 100 more.
      const nudge = (by: number) =>
        db().execute(sql`insert into name_word_counts (word, status, stripe, count)
          values ('quillon', 'paid', 100, ${by})
          on conflict (word, status, stripe) do update set count = name_word_counts.count + ${by}`);
      await nudge(100);
      expect((await list('search=quillon&status=paid&page_size=1')).pagination.total_items).toBe(
        102,
      );
      await nudge(-100);
      await db()
        .update(registrations)
        .set({ status: 'paid' })
        .where(eq(registrations.id, ravi!.registration.id));
      expect(await totals()).toEqual({ all: 3, paid: 3, draft: 0, either: 3 });
      await db().update(profiles).set({ fullName: 'Das' }).where(eq(profiles.id, das!.profile.id));
      expect(await totals()).toEqual({ all: 2, paid: 2, draft: 0, either: 2 });
      await db().delete(users).where(eq(users.id, asha!.userId));
      expect((await everyPage('search=quillon')).keys).toEqual(['Ravi Quillon']);
      expect(await totals()).toEqual({ all: 1, paid: 1, draft: 0, either: 1 });
    });

    it('a bulk load with foreign-key triggers off (the bench seeder) is searchable', async () => {
      await db().transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await insertApplicants(
          t,
          [
            {
              createdAt: day('2026-06-13'),
              status: 'paid',
              profile: { full_name: 'Bulk Quokka', pan_number: 'QQQPQ9999Q' },
            },
          ],
          tx as unknown as Database,
        );
      });
      const found = await everyPage('search=quokka&status=paid');
      expect(found.total).toBe(1);
      expect((await everyPage('search=PQ9999&status=paid')).total).toBe(1);
    });

    it('registration_numbers holds exactly each registration with its profile, after all of it', async () => {
      const [row] = rowsOf<{ missing: number; extra: number; differing: number }>(
        await db().execute(sql`
          with expected as (
            select r.id, r.created_at, r.status, p.contact_number, p.alternative_contact_number,
              p.pan_number, p.aadhaar_last4, p.account_last4
            from registrations r join profiles p on p.id = r.profile_id
          )
          select
            (select count(*) from expected e where not exists (
              select 1 from registration_numbers x where x.registration_id = e.id))::int as missing,
            (select count(*) from registration_numbers x where not exists (
              select 1 from expected e where e.id = x.registration_id))::int as extra,
            (select count(*) from expected e join registration_numbers x on x.registration_id = e.id
              where (e.created_at, e.status, e.contact_number, e.alternative_contact_number,
                e.pan_number, e.aadhaar_last4, e.account_last4)
                is distinct from (x.created_at, x.status, x.contact_number,
                x.alternative_contact_number, x.pan_number, x.aadhaar_last4, x.account_last4))::int
              as differing`),
      );
      expect(row).toEqual({ missing: 0, extra: 0, differing: 0 });
    });

    it('name_word_counts holds exactly the words by status, after all of it; a truncate empties it', async () => {
      const [held] = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from registration_name_words`),
      );
      expect(held?.n).toBeGreaterThan(80);
      expect(await searchCountsDrift(db(), 'words')).toEqual([]);
      await db().execute(sql`truncate registration_name_words`);
      const [left] = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from name_word_counts`),
      );
      expect(left?.n).toBe(0);
    });
  });
});

describe('migration 0027 on a database with applicants', () => {
  it('counts the words of the registrations already there, by status', async () => {
    await migratedOver(
      '0027',
      (client) => client.exec(TWO_APPLICANTS_SQL),
      async (client) => {
        const counts = rowsOf<{ word: string; status: string; count: number }>(
          await client.query(
            'select word, status, sum(count)::int as count from name_word_counts group by 1, 2 order by 1',
          ),
        );
        expect(counts).toEqual([
          { word: 'amit', status: 'draft', count: 1 },
          { word: 'priya', status: 'paid', count: 1 },
          { word: 'rao', status: 'draft', count: 1 },
          { word: 'sharma', status: 'paid', count: 1 },
        ]);
      },
    );
  }, 120_000);
});

/**
 * Concurrent writers of names on PostgreSQL (PGlite has one connection): each transaction writes
 * its counts to a stripe no other running transaction holds, so no two ever wait on, or deadlock
 * over, the same count row (0027).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('name word counts under concurrent writers', () => {
  let t: TestApp;
  let first: number;
  let second: number;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    const created = await insertApplicants(t, [
      { createdAt: day('2026-06-01'), status: 'draft', profile: { full_name: 'Asha Kumar' } },
      { createdAt: day('2026-06-02'), status: 'draft', profile: { full_name: 'Ravi Kumar' } },
    ]);
    [first, second] = created.map((applicant) => applicant.registration.id) as [number, number];
  }, 120_000);
  afterAll(() => t?.close());

  const lockClass = sql`hashtext('name_word_counts')`;
  const stripeOf = async (tx: Pick<Database, 'execute'>) => {
    const [row] = rowsOf<{ stripe: string }>(
      await tx.execute(sql`select current_setting('loan.name_word_counts_stripe', true) as stripe`),
    );
    return Number(row?.stripe);
  };
  const setStatus = (tx: Pick<Database, 'update'>, id: number, status: string) =>
    tx.update(registrations).set({ status }).where(eq(registrations.id, id));
  const kumarCounts = async () =>
    rowsOf<{ status: string; count: number }>(
      await t.database.db.execute(sql`
        select status, sum(count)::int as count from name_word_counts
        where word = 'kumar' group by 1 having sum(count) <> 0 order by 1`),
    );

  it('a second transaction takes a stripe the first does not hold', async () => {
    await t.database.db.transaction(async (one) => {
      // Every stripe but 7 held here: the other transaction's status change must take 7.
      await one.execute(sql`select pg_advisory_xact_lock(${lockClass}, s)
        from generate_series(1, 32) as s where s <> 7`);
      await t.database.db.transaction(async (two) => {
        await setStatus(two, second, 'pending_payment');
        expect(await stripeOf(two)).toBe(7);
      });
    });
    expect(await kumarCounts()).toEqual([
      { status: 'draft', count: 1 },
      { status: 'pending_payment', count: 1 },
    ]);
  });

  it('keeps its stripe for its later statements, and writes no other', async () => {
    await t.database.db.transaction(async (tx) => {
      await setStatus(tx, first, 'pending_payment');
      const stripe = await stripeOf(tx);
      expect(stripe).toBeGreaterThanOrEqual(1);
      expect(stripe).toBeLessThanOrEqual(32);
      await tx
        .update(profiles)
        .set({ fullName: 'Asha Kumari' })
        .where(eq(profiles.id, sql`(select profile_id from registrations where id = ${first})`));
      expect(await stripeOf(tx)).toBe(stripe);
      const written = rowsOf<{ stripe: number }>(
        await tx.execute(sql`select distinct stripe from name_word_counts where stripe <> 0`),
      );
      expect(written.map((row) => row.stripe)).toContain(stripe);
      // The runs of four digits are counted in the same stripe (0029): this transaction's rows
      // of digit_run_counts are all in it.
      const digitStripes = rowsOf<{ stripe: number }>(
        await tx.execute(
          sql`select distinct stripe from digit_run_counts where xmin = pg_current_xact_id()::xid`,
        ),
      );
      expect(digitStripes.map((row) => row.stripe)).toEqual([stripe]);
    });
    expect(await kumarCounts()).toEqual([{ status: 'pending_payment', count: 1 }]);
  });

  it('past 32 concurrent writers, one waits for a stripe and then counts right', async () => {
    const order: string[] = [];
    let waiting: Promise<unknown> | undefined;
    await t.database.db.transaction(async (one) => {
      await one.execute(sql`select pg_advisory_xact_lock(${lockClass}, s)
        from generate_series(1, 32) as s`);
      waiting = t.database.db
        .transaction(async (two) => {
          await setStatus(two, second, 'paid');
        })
        .then(() => order.push('second committed'));
      // Long enough for the other transaction to reach its status change and wait there.
      await new Promise((resolve) => setTimeout(resolve, 300));
      order.push('first committing');
    });
    await waiting;
    expect(order).toEqual(['first committing', 'second committed']);
    expect(await kumarCounts()).toEqual([{ status: 'paid', count: 1 }]);
  });
});
