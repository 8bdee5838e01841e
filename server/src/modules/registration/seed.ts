import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { type FieldCipher, lastFour } from '../../lib/encryption';
import { createRandom, demoMobile, demoProfile, type Random } from './demo-data';

/** Never a valid argon2 hash: demo applicants exist for the back office, nobody signs in as them. */
export const SEED_PASSWORD_HASH = '!seed-demo';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedOptions {
  db: Database;
  cipher: FieldCipher;
  count: number;
  /** Rows per INSERT round trip. */
  batchSize?: number;
  /** Same seed, same applicants (phone collisions with existing users aside). */
  seed?: number;
  now?: Date;
  onProgress?: (inserted: number) => void;
}

interface SeedRow {
  phone: string;
  full_name: string;
  alternative_contact_number: string | null;
  aadhaar_encrypted: string;
  aadhaar_last4: string;
  pan_number: string;
  bank_name: string;
  account_encrypted: string;
  account_last4: string;
  ifsc_code: string;
  full_address: string;
  city: string;
  state: string;
  pin_code: string;
  loan_type: string;
  loan_amount: number;
  status: string;
  delivered: boolean;
  created_at: string;
  submitted_at: string | null;
}

function seedRow(random: Random, cipher: FieldCipher, phone: string, now: number): SeedRow {
  const p = demoProfile(random);
  // Spread over the past year; a paid application was paid within three days of its creation.
  const created = now - Math.floor(random.next() * 365 * DAY_MS);
  const roll = random.next();
  const status = roll < 0.45 ? 'draft' : roll < 0.6 ? 'pending_payment' : 'paid';
  const submitted =
    status === 'paid' ? Math.min(now, created + Math.floor(random.next() * 3 * DAY_MS)) : null;
  return {
    phone,
    full_name: p.full_name,
    alternative_contact_number: p.alternative_contact_number || null,
    aadhaar_encrypted: cipher.encrypt(p.aadhaar_number),
    aadhaar_last4: lastFour(p.aadhaar_number),
    pan_number: p.pan_number,
    bank_name: p.bank_name,
    account_encrypted: cipher.encrypt(p.account_number),
    account_last4: lastFour(p.account_number),
    ifsc_code: p.ifsc_code,
    full_address: p.full_address,
    city: p.city,
    state: p.state,
    pin_code: p.pin_code,
    loan_type: p.loan_type,
    loan_amount: Number(p.loan_amount),
    status,
    delivered: status === 'paid' && random.next() < 0.5,
    created_at: new Date(created).toISOString(),
    submitted_at: submitted === null ? null : new Date(submitted).toISOString(),
  };
}

/**
 * One round trip per batch on either engine: the batch travels as one JSON parameter and a
 * single statement inserts users, profiles and registrations. A phone number that already has
 * an account is skipped (ON CONFLICT), and the loop simply makes more until `count` are in.
 */
async function insertBatch(db: Database, rows: SeedRow[]): Promise<number> {
  const result = await db.execute(sql`
    with input as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(
        phone varchar, full_name varchar, alternative_contact_number varchar,
        aadhaar_encrypted text, aadhaar_last4 varchar, pan_number varchar, bank_name varchar,
        account_encrypted text, account_last4 varchar, ifsc_code varchar, full_address text,
        city varchar, state varchar, pin_code varchar, loan_type varchar, loan_amount integer,
        status varchar, delivered boolean, created_at timestamptz, submitted_at timestamptz)
    ),
    new_users as (
      insert into users (phone_number, password_hash, created_at)
      select phone, ${SEED_PASSWORD_HASH}, created_at from input
      on conflict (phone_number) do nothing
      returning id, phone_number
    ),
    new_profiles as (
      insert into profiles (user_id, full_name, contact_number, alternative_contact_number,
        aadhaar_encrypted, aadhaar_last4, pan_number, bank_name, account_encrypted, account_last4,
        ifsc_code, full_address, city, state, pin_code, loan_type, loan_amount, created_at,
        updated_at)
      select u.id, i.full_name, i.phone, i.alternative_contact_number, i.aadhaar_encrypted,
        i.aadhaar_last4, i.pan_number, i.bank_name, i.account_encrypted, i.account_last4,
        i.ifsc_code, i.full_address, i.city, i.state, i.pin_code, i.loan_type, i.loan_amount,
        i.created_at, coalesce(i.submitted_at, i.created_at)
      from input i join new_users u on u.phone_number = i.phone
      returning id, user_id, contact_number
    ),
    new_registrations as (
      insert into registrations (profile_id, user_id, status, delivered, submitted_at, created_at)
      select p.id, p.user_id, i.status, i.delivered, i.submitted_at, i.created_at
      from new_profiles p join input i on i.phone = p.contact_number
      returning id
    )
    select count(*)::int as inserted from new_registrations
  `);
  const list = rowsOf<{ inserted: number }>(result);
  return Number(list[0]?.inserted ?? 0);
}

/** Creates `count` demo applicants; returns how many were inserted (always `count`). */
export async function seedDemoApplicants(options: SeedOptions): Promise<number> {
  const random = createRandom(options.seed ?? Date.now());
  const batchSize = options.batchSize ?? 2_000;
  const now = (options.now ?? new Date()).getTime();
  let inserted = 0;
  while (inserted < options.count) {
    const size = Math.min(batchSize, options.count - inserted);
    const phones = new Set<string>();
    while (phones.size < size) phones.add(demoMobile(random));
    const rows = [...phones].map((phone) => seedRow(random, options.cipher, phone, now));
    inserted += await insertBatch(options.db, rows);
    options.onProgress?.(inserted);
  }
  await options.db.execute(sql`analyze users, profiles, registrations`);
  return inserted;
}
