import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ProfilePayload } from '@loan-portal/api-client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect } from 'vitest';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from '../../config/env';
import { type Database, rowsOf } from '../../db/client';
import { createFieldCipher, decodeKey } from '../../lib/encryption';
import { migrationsFolder } from '../../paths';
import type { TestApp } from '../../test/helpers';
import { users } from '../accounts/tables';
import { createRandom, demoProfile } from './demo-data';
import { profiles, registrations } from './tables';

/** A complete, valid profile as the registration form sends it. */
export function validPayload(overrides: Partial<ProfilePayload> = {}): ProfilePayload {
  return {
    full_name: 'Priya Sharma',
    contact_number: '9876543210',
    alternative_contact_number: '8123456789',
    aadhaar_number: '9999 9999 0019',
    pan_number: 'ABCPS1234K',
    bank_name: 'State Bank of India',
    account_number: '123456789012',
    ifsc_code: 'SBIN0001234',
    full_address: '12, MG Road, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    pin_code: '560038',
    loan_type: 'Personal Loan',
    loan_amount: '250000',
    consent_notice_version: DEFAULT_PRIVACY_NOTICE_VERSION,
    ...overrides,
  };
}

let phoneCounter = 0;

export interface ApplicantOptions {
  createdAt: Date;
  status?: string;
  submittedAt?: Date | null;
  delivered?: boolean;
  profile?: Partial<ProfilePayload>;
  seed?: number;
}

/**
 * Inserts an applicant (user, profile, registration) straight into the database, with the
 * creation time and status a back-office test needs, encrypted with the app's own key.
 */
export async function insertApplicant(t: TestApp, options: ApplicantOptions) {
  const [applicant] = await insertApplicants(t, [options]);
  return applicant!;
}

/**
 * Several applicants with one multi-row INSERT per table, as a bulk load writes them. `db` may be
 * a transaction, e.g. one that switched foreign-key triggers off first.
 */
export async function insertApplicants(
  t: TestApp,
  list: ApplicantOptions[],
  db: Database = t.database.db,
) {
  const cipher = createFieldCipher(decodeKey(t.config.dataEncryptionKey!, 'test key'));
  const payloads = list.map((options) => ({
    ...demoProfile(createRandom(options.seed ?? ++phoneCounter)),
    ...options.profile,
  }));
  const createdUsers = await db
    .insert(users)
    .values(
      list.map(() => {
        phoneCounter += 1;
        return { phoneNumber: `6${String(phoneCounter).padStart(9, '0')}`, passwordHash: '!test' };
      }),
    )
    .returning({ id: users.id });
  const createdProfiles = await db
    .insert(profiles)
    .values(
      list.map((options, i) => {
        const payload = payloads[i]!;
        return {
          userId: createdUsers[i]!.id,
          fullName: payload.full_name,
          contactNumber: payload.contact_number,
          alternativeContactNumber: payload.alternative_contact_number || null,
          aadhaarEncrypted: cipher.encrypt(payload.aadhaar_number.replace(/\s/g, '')),
          aadhaarLast4: payload.aadhaar_number.slice(-4),
          panNumber: payload.pan_number,
          bankName: payload.bank_name,
          accountEncrypted: cipher.encrypt(payload.account_number),
          accountLast4: payload.account_number.slice(-4),
          ifscCode: payload.ifsc_code,
          fullAddress: payload.full_address,
          city: payload.city,
          state: payload.state,
          pinCode: payload.pin_code,
          loanType: payload.loan_type,
          loanAmount: Number(payload.loan_amount),
          createdAt: options.createdAt,
          updatedAt: options.createdAt,
        };
      }),
    )
    .returning();
  const createdRegistrations = await db
    .insert(registrations)
    .values(
      list.map((options, i) => ({
        profileId: createdProfiles[i]!.id,
        userId: createdUsers[i]!.id,
        status: options.status ?? 'draft',
        delivered: options.delivered ?? false,
        submittedAt: options.submittedAt ?? null,
        createdAt: options.createdAt,
      })),
    )
    .returning();
  return list.map((_, i) => ({
    payload: payloads[i]!,
    userId: createdUsers[i]!.id,
    profile: createdProfiles[i]!,
    registration: createdRegistrations[i]!,
  }));
}

/** One page of the staff applicants list as a caller reads it. */
export interface ListPage {
  results: { id: number }[];
  pagination: { total_items: number; total_pages: number };
}

/**
 * The staff applicants list as a caller reads it, its rows named by `key` (profile id to name):
 * one page, or every page of one row each (so each total is counted, not read off a short page).
 * `session` is called at each request: the app and the staff session of a test's beforeAll.
 */
export function listReader(
  session: () => { t: TestApp; headers: Record<string, string> },
  key: Map<number, string>,
) {
  async function list(query: string): Promise<ListPage> {
    const { t, headers } = session();
    const res = await t.app.inject({ url: `/api/registration/admin/profiles/?${query}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json() as ListPage;
  }

  async function everyPage(query: string) {
    const first = await list(`${query}&page_size=1&page=1`);
    const keys = first.results.map((r) => key.get(r.id));
    for (let page = 2; page <= first.pagination.total_pages; page++) {
      const next = await list(`${query}&page_size=1&page=${page}`);
      expect(next.pagination.total_items).toBe(first.pagination.total_items);
      keys.push(...next.results.map((r) => key.get(r.id)));
    }
    return { keys, total: first.pagination.total_items };
  }

  return { list, everyPage };
}

/**
 * Two applicants as a database held them before a migration that derives rows from them: Priya
 * Sharma (paid, phone 9876580341) and Amit Rao (draft, Aadhaar and alternative phone holding 8034).
 */
export const TWO_APPLICANTS_SQL = `
  insert into users (phone_number, password_hash) values ('6000000001', '!'), ('6000000002', '!');
  insert into profiles (user_id, full_name, contact_number, alternative_contact_number,
    aadhaar_encrypted, aadhaar_last4, pan_number, bank_name, account_encrypted, account_last4,
    ifsc_code, full_address, city, state, pin_code, loan_type, loan_amount)
  values
    (1, 'Priya Sharma', '9876580341', null, 'x', '1111', 'ABCDE1234F', 'SBI', 'x', '2222',
      'SBIN0001234', 'MG Road', 'Pune', 'Maharashtra', '411001', 'Personal Loan', 50000),
    (2, 'Amit Rao', '9000000000', '7080340000', 'x', '8034', 'ABCDE0034F', 'SBI', 'x', '3333',
      'SBIN0001234', 'MG Road', 'Pune', 'Maharashtra', '411001', 'Personal Loan', 50000);
  insert into registrations (profile_id, user_id, status, created_at) values
    (1, 1, 'paid', '2026-06-01T06:30:00Z'), (2, 2, 'draft', '2026-06-02T06:30:00Z');
`;

/**
 * A migration on a database that already had data: a fresh in-memory PGlite migrated up to the
 * migration tagged `tag` (excluded), from a copy of the migrations folder; `before` writes the
 * data, then every migration runs, and `after` reads what they made of it.
 */
export async function migratedOver(
  tag: string,
  before: (client: PGlite) => Promise<unknown>,
  after: (client: PGlite) => Promise<void>,
): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: { tag: string }[];
    };
    writeFileSync(
      journalPath,
      JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.tag < tag) }),
    );
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folder });
    await before(client);
    await migrate(db, { migrationsFolder });
    await after(client);
  } finally {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A search count that differs from a recount: its table, key (word or run), status and sums. */
export interface CountDrift {
  counts: 'words' | 'runs';
  key: string;
  status: string;
  counted: number;
  held: number;
}

/**
 * The search counts that differ from a recount of what the registrations hold, by status: the
 * name words' (name_word_counts, migration 0027) against registration_name_words, and the runs of
 * four digits' (digit_run_counts, 0029) against the runs of registration_numbers. Every stripe is
 * summed, as a search sums them. Empty when the counts are exact.
 */
export async function searchCountsDrift(
  db: Pick<Database, 'execute'>,
  counts: 'words' | 'runs' | 'both' = 'both',
): Promise<CountDrift[]> {
  const words = sql`
    select 'words' as counts, word as key, status, sum(count)::int as n
    from name_word_counts group by 2, 3`;
  const heldWords = sql`
    select 'words' as counts, word as key, status, count(*)::int as n
    from registration_name_words group by 2, 3`;
  const runs = sql`
    select 'runs' as counts, digits::text as key, status, sum(count)::int as n
    from digit_run_counts group by 2, 3`;
  const heldRuns = sql`
    select 'runs' as counts, g::text as key, x.status, count(*)::int as n
    from registration_numbers x
      cross join lateral registration_digit_grams_of(x.contact_number,
        x.alternative_contact_number, x.pan_number, x.aadhaar_last4, x.account_last4) g
    group by 2, 3`;
  const counted =
    counts === 'words' ? words : counts === 'runs' ? runs : sql`${words} union all ${runs}`;
  const held =
    counts === 'words'
      ? heldWords
      : counts === 'runs'
        ? heldRuns
        : sql`${heldWords} union all ${heldRuns}`;
  return rowsOf<CountDrift>(
    await db.execute(sql`
      with counted as (${counted}), held as (${held})
      select coalesce(c.counts, h.counts) as counts, coalesce(c.key, h.key) as key,
        coalesce(c.status, h.status) as status,
        coalesce(c.n, 0) as counted, coalesce(h.n, 0) as held
      from counted c
        full join held h on h.counts = c.counts and h.key = c.key and h.status = c.status
      where coalesce(c.n, 0) <> coalesce(h.n, 0)
      order by 1, 2, 3`),
  );
}
