import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createFieldCipher, decodeKey, lastFour } from '../../server/src/lib/encryption';
import { hashPassword } from '../../server/src/modules/accounts/passwords';
import { createRandom, demoProfile } from '../../server/src/modules/registration/demo-data';
import { benchEncryptionKey } from './config';
import { connect, prepareDatabase } from './db';

/** Every seeded applicant signs in with its number (6000000000 + n) and this password. */
export const SEEDED_PASSWORD = 'bench-client-password';
export const seededPhone = (n: number) => String(6_000_000_000 + n);

const DAY_MS = 86_400_000;
/** Applications are spread evenly over the last two years, ids rising with time. */
const SPAN_DAYS = 730;
const CHUNK_ROWS = 5_000;

/** COPY text format: backslash, tab, newline and carriage return escaped; null as \N. */
function field(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '\\N';
  if (typeof value !== 'string') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\',
  );
}

const line = (values: (string | number | boolean | null | undefined)[]) =>
  `${values.map(field).join('\t')}\n`;

async function* chunks(count: number, row: (n: number) => string): AsyncGenerator<string> {
  for (let start = 0; start < count; start += CHUNK_ROWS) {
    let text = '';
    const end = Math.min(count, start + CHUNK_ROWS);
    for (let n = start; n < end; n++) text += row(n);
    yield text;
  }
}

export interface SeedReport {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  copySeconds: number;
  indexSeconds: number;
  reused: boolean;
}

/**
 * Seeds `count` applicants (user + profile + registration each) with COPY, reusing the server's
 * own demo-data generator, AES-256-GCM field cipher and argon2 hash. Secondary indexes are dropped
 * for the load and rebuilt afterwards from their own definitions (pg_indexes), so the database
 * ends with exactly the server's indexes; FK triggers are skipped for the load
 * (session_replication_role), which is safe because the ids are generated consistently here. The
 * triggers of registration_daily_counts are ENABLE ALWAYS, so the summary still counts the COPY.
 * An existing seed of the same size is reused.
 */
export async function seedApplicants(url: string, count: number): Promise<SeedReport> {
  const started = performance.now();
  await prepareDatabase(url);
  const sql = connect(url, 4);
  try {
    const [{ existing }] = await sql<{ existing: number }[]>`
      select count(*)::int as existing from profiles`;
    if (existing === count) {
      // A previous run's transitions left dead rows, and pages without their all-visible bit in
      // the tables the searches count by index-only scans. Autovacuum would come within minutes
      // (migration 0026), the run at once; and where autovacuum is off (this machine's
      // PostgreSQL, bench/README.md F19), it never would.
      await sql`vacuum (analyze) registrations, registration_numbers, registration_name_words,
        registration_digit_grams, name_word_counts, digit_run_counts, application_status_history,
        audit_log`;
      return {
        rows: count,
        seconds: 0,
        rowsPerSecond: 0,
        copySeconds: 0,
        indexSeconds: 0,
        reused: true,
      };
    }
    if (existing > 0) {
      await sql`truncate users, profiles, registrations restart identity cascade`;
      await prepareDatabase(url); // the staff user went with the truncate
    }

    const indexes = await sql<{ name: string; definition: string }[]>`
      select i.indexname as name, i.indexdef as definition
      from pg_indexes i
      where i.schemaname = 'public'
        and i.tablename in ('users', 'profiles', 'registrations', 'registration_name_words', 'registration_numbers', 'registration_digit_grams')
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`;
    for (const index of indexes) await sql.unsafe(`drop index "${index.name}"`);

    const [{ userBase }] = await sql<{ userBase: number }[]>`
      select coalesce(max(id), 0)::int as "userBase" from users`;
    const passwordHash = await hashPassword(SEEDED_PASSWORD);
    const cipher = createFieldCipher(decodeKey(benchEncryptionKey, 'bench key'));
    const now = Date.now();
    const createdAt = (n: number) =>
      new Date(now - SPAN_DAYS * DAY_MS + Math.floor(((n + 0.5) * SPAN_DAYS * DAY_MS) / count));

    const copy = async (statement: string, rows: AsyncGenerator<string>) => {
      const connection = await sql.reserve();
      try {
        await connection`set session_replication_role = replica`;
        await pipeline(Readable.from(rows), await connection.unsafe(statement).writable());
      } finally {
        connection.release();
      }
    };

    const copyStarted = performance.now();
    // Registrations after their profiles: the trigger that writes each registration's name words
    // (migration 0019) reads the profile, which a COPY running beside it has not committed yet.
    await Promise.all([
      copy(
        'copy users (id, phone_number, password_hash, is_staff, is_superuser, created_at) from stdin',
        chunks(count, (n) =>
          line([
            userBase + n + 1,
            seededPhone(n),
            passwordHash,
            false,
            false,
            createdAt(n).toISOString(),
          ]),
        ),
      ),
      copy(
        `copy profiles (id, user_id, full_name, contact_number, alternative_contact_number,
          aadhaar_encrypted, aadhaar_last4, pan_number, bank_name, account_encrypted, account_last4,
          ifsc_code, full_address, city, state, pin_code, loan_type, loan_amount, created_at,
          updated_at) from stdin`,
        chunks(count, (n) => {
          const p = demoProfile(createRandom(n + 1));
          const at = createdAt(n).toISOString();
          return line([
            n + 1,
            userBase + n + 1,
            p.full_name,
            p.contact_number,
            p.alternative_contact_number,
            cipher.encrypt(p.aadhaar_number),
            lastFour(p.aadhaar_number),
            p.pan_number,
            p.bank_name,
            cipher.encrypt(p.account_number),
            lastFour(p.account_number),
            p.ifsc_code,
            p.full_address,
            p.city,
            p.state,
            p.pin_code,
            p.loan_type,
            Number(p.loan_amount),
            at,
            at,
          ]);
        }),
      ),
    ]);
    await copy(
      'copy registrations (id, profile_id, user_id, status, delivered, submitted_at, created_at) from stdin',
      chunks(count, (n) => {
        // A separate stream of the same seed: 55 % paid (40 % of those delivered), 10 % waiting
        // for payment, 35 % drafts.
        const random = createRandom(1_000_003 * (n + 1));
        const roll = random.next();
        const at = createdAt(n);
        const paid = roll < 0.55;
        const submitted = paid
          ? new Date(Math.min(now, at.getTime() + random.int(5, 180) * 60_000)).toISOString()
          : null;
        const status = paid ? 'paid' : roll < 0.65 ? 'pending_payment' : 'draft';
        return line([
          n + 1,
          n + 1,
          userBase + n + 1,
          status,
          paid && random.next() < 0.4,
          submitted,
          at.toISOString(),
        ]);
      }),
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;

    const indexStarted = performance.now();
    await sql`set maintenance_work_mem = '512MB'`;
    // Two at a time: the machine has two cores.
    const queue = [...indexes];
    await Promise.all(
      [0, 1].map(async () => {
        const connection = await sql.reserve();
        try {
          await connection`set maintenance_work_mem = '256MB'`;
          for (let index = queue.shift(); index; index = queue.shift()) {
            await connection.unsafe(index.definition);
          }
        } finally {
          connection.release();
        }
      }),
    );
    for (const table of ['users', 'profiles', 'registrations']) {
      await sql.unsafe(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    // The list's name search counts by index-only scans, which need the visibility map.
    await sql`vacuum (analyze) users, profiles, registrations, registration_name_words, name_words, name_word_counts, registration_numbers, registration_digit_grams, digit_run_counts`;
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    const seconds = (performance.now() - started) / 1000;
    return {
      rows: count,
      seconds,
      rowsPerSecond: Math.round(count / seconds),
      copySeconds,
      indexSeconds,
      reused: false,
    };
  } finally {
    await sql.end();
  }
}
