import { TEXT_MAX_LENGTH } from '@loan-portal/api-client';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { CLIENT_ADDRESS_MAX_LENGTH } from '../../lib/client-address';
import { users } from '../accounts/tables';

/**
 * One profile per client. Aadhaar and account numbers are stored only encrypted (AES-256-GCM,
 * see lib/encryption.ts); the last four digits stay in clear to recognise a row without the key.
 * The trigram indexes of the admin search live in the custom migration (drizzle-kit cannot
 * express operator classes on expressions).
 */
export const profiles = pgTable(
  'profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Sized by the limits the shared profile schema checks, so a valid value always fits.
    fullName: varchar('full_name', { length: TEXT_MAX_LENGTH.full_name }).notNull(),
    contactNumber: varchar('contact_number', { length: 10 }).notNull(),
    alternativeContactNumber: varchar('alternative_contact_number', { length: 10 }),
    aadhaarEncrypted: text('aadhaar_encrypted').notNull(),
    aadhaarLast4: varchar('aadhaar_last4', { length: 4 }).notNull(),
    panNumber: varchar('pan_number', { length: 10 }).notNull(),
    bankName: varchar('bank_name', { length: TEXT_MAX_LENGTH.bank_name }).notNull(),
    accountEncrypted: text('account_encrypted').notNull(),
    accountLast4: varchar('account_last4', { length: 4 }).notNull(),
    ifscCode: varchar('ifsc_code', { length: 11 }).notNull(),
    // text, not varchar(TEXT_MAX_LENGTH.full_address): rows stored before that limit may be longer.
    fullAddress: text('full_address').notNull(),
    city: varchar('city', { length: TEXT_MAX_LENGTH.city }).notNull(),
    state: varchar('state', { length: 100 }).notNull(),
    pinCode: varchar('pin_code', { length: 6 }).notNull(),
    loanType: varchar('loan_type', { length: 50 }).notNull(),
    loanAmount: integer('loan_amount').notNull(),
    // Whether the server found the IFSC in RBI's list (modules/ifsc) when the profile was saved;
    // null for profiles saved before that check existed.
    ifscVerified: boolean('ifsc_verified'),
    // The privacy notice the client accepted with this profile, when, and from which address
    // (DPDP Act 2023); null only for profiles saved before consent was asked for.
    consentNoticeVersion: varchar('consent_notice_version', { length: 32 }),
    consentGivenAt: timestamp('consent_given_at', { withTimezone: true }),
    consentIp: varchar('consent_ip', { length: CLIENT_ADDRESS_MAX_LENGTH }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('profiles_user_id_unique').on(table.userId),
    // Staff see identity numbers masked; they find an applicant by the last four digits.
    index('profiles_aadhaar_last4_idx').on(table.aadhaarLast4),
    index('profiles_account_last4_idx').on(table.accountLast4),
  ],
);

/**
 * The application a profile belongs to: `draft` until the fee is paid, then `paid` (set only by
 * the payments module from the provider's answer). `submitted_at` is the payment time.
 * Every profile has exactly one registration, created in the same transaction.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 32 }).notNull().default('draft'),
    delivered: boolean('delivered').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('registrations_profile_id_unique').on(table.profileId),
    uniqueIndex('registrations_user_id_unique').on(table.userId),
    // Newest first (scanned backwards), date ranges and the keyset pagination of the list and
    // the export walk this index. Ascending on purpose: `ORDER BY created_at DESC, id DESC`
    // matches its backward scan, NULLS ordering included.
    index('registrations_created_at_id_idx').on(table.createdAt, table.id),
    index('registrations_submitted_at_idx').on(table.submittedAt),
    index('registrations_status_idx').on(table.status),
  ],
);

/**
 * Registrations per Asia/Kolkata calendar day (of `created_at`) and status, so the back office's
 * totals are a sum over a few hundred rows instead of a count over a million. Kept exact by
 * statement-level triggers on `registrations` in the same transaction as every insert, update,
 * delete, COPY and truncate (custom migrations 0006 and 0018); a row may hold 0 once its last
 * registration moved on, and readers skip those.
 */
export const registrationDailyCounts = pgTable(
  'registration_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 32 }).notNull(),
    /**
     * Which of the counter's rows: writers on different connections add to different stripes
     * (1-16, by backend), so concurrent payments and staff moves of one day's applications do not
     * queue on one row lock until commit; readers sum the stripes. A fold (daily-counts.ts) puts
     * them back into stripe 0.
     */
    stripe: smallint('stripe').notNull().default(0),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.status, table.stripe] })],
);

/**
 * The words of each listed applicant's name (lower-case, split at spaces), one row per
 * registration and distinct word, with the registration's creation time and status: the admin
 * list's name search reads its page and its exact total from the index
 * `registration_name_words_search_idx` (word, created_at, registration_id) INCLUDE (status) alone,
 * without visiting a profile (issue 17). Kept by statement-level triggers on registrations and
 * profiles (custom migration 0019), in the transaction of every write; the index lives there too
 * (drizzle-kit cannot write INCLUDE).
 */
export const registrationNameWords = pgTable(
  'registration_name_words',
  {
    word: text('word').notNull(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 32 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.registrationId, table.word] })],
);

/**
 * What the admin list's search matches besides the name (issue 17): each registration's contact
 * numbers, PAN and the last four digits of its Aadhaar and account numbers, beside its creation
 * time and status. A number search used to find profiles through their trigram indexes and then
 * probe each one's registration for its time and status: at a million applicants, four digits
 * ("8034") matched 1,641 profiles, and the probes were half of its 12-17 ms. Here one bitmap scan
 * of this narrow table gives the page and the exact total. Kept by statement-level triggers on
 * registrations and profiles (custom migration 0023), in the transaction of every write; its
 * trigram indexes live there too.
 */
export const registrationNumbers = pgTable('registration_numbers', {
  registrationId: integer('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  status: varchar('status', { length: 32 }).notNull(),
  contactNumber: varchar('contact_number', { length: 10 }).notNull(),
  alternativeContactNumber: varchar('alternative_contact_number', { length: 10 }),
  panNumber: varchar('pan_number', { length: 10 }).notNull(),
  aadhaarLast4: varchar('aadhaar_last4', { length: 4 }).notNull(),
  accountLast4: varchar('account_last4', { length: 4 }).notNull(),
});

/**
 * Every run of four digits in what a number search matches (issue 17): the contact numbers and
 * the PAN (each four consecutive characters that are all digits) and the last four digits of the
 * Aadhaar and account numbers, one row per registration and distinct run (0034 is stored as 34),
 * with the registration's creation time. A search of exactly four digits ("8034", the end of an
 * Aadhaar, an account or a phone number) matched 1,641 of a million rows through the trigram
 * indexes of `registration_numbers`, whose matches are lossy and each cost a heap visit (4.3 ms of
 * SQL); here its page and exact total are read from the index `registration_digit_grams_search_idx`
 * (digits, created_at, registration_id) alone (0.3 ms), the status of a status filter from
 * `registration_numbers` for the matches in the date range. No status here: a status change, the
 * back office's most frequent write, leaves these rows alone. About 14 rows a registration:
 * bench/README.md F19 weighs the space. Kept by triggers on `registration_numbers` (custom
 * migration 0025), which also holds the index.
 */
export const registrationDigitGrams = pgTable('registration_digit_grams', {
  digits: smallint('digits').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  registrationId: integer('registration_id').notNull(),
});

/**
 * How many registrations hold each run of four digits, by status (issue 17): the total of a search
 * of four digits with a status filter and no date range ("8034" + paid) is a sum of these rows.
 * Without them it read the status of every match, 1,641 for "8034" at a million applicants, from
 * 1,560 pages of `registration_numbers` (5.6 ms of SQL, p95 56.8 ms at 10 connections against the
 * issue's 50; bench/README.md F25). Kept in the transaction of every write by triggers on
 * `registration_numbers` (custom migration 0029: statement-level for inserts and deletes,
 * row-level for a changed status or number), with the stripes of `name_word_counts`: a
 * transaction writes the stripe it holds there. Stripe 0 holds what the migration counted, and
 * what the job leader folds into it every ten minutes (search-count-stripes.ts).
 */
export const digitRunCounts = pgTable(
  'digit_run_counts',
  {
    digits: smallint('digits').notNull(),
    status: varchar('status', { length: 32 }).notNull(),
    stripe: smallint('stripe').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.digits, table.status, table.stripe] }),
    // A stripe's rows, for the fold (search-count-stripes.ts, migration 0030).
    index('digit_run_counts_stripes_idx').on(table.stripe).where(sql`${table.stripe} <> 0`),
  ],
);

/**
 * How many registrations hold each name word, by status (issue 17): the total of a name search of
 * one word without a date range, such as "sharma", is a sum of these rows instead of an index-only
 * count of every match (20,782 index entries for "sharma" at a million applicants, 2.5-4.4 ms
 * of the search's 3.3-4.9 ms of SQL). Kept by statement-level triggers on
 * `registration_name_words` (custom migration 0027) in the transaction of every write, so a
 * statement's snapshot sees the words and their counts alike. Each transaction writes to a stripe
 * (1-32) no other running transaction holds (an advisory lock taken at its first write): one row
 * per word and status would make concurrent status changes of common names ("kumar") wait for
 * each other's commit, and a shared stripe could deadlock a rename against them. Stripe 0 holds
 * what the migration counted, and what the job leader folds into it every ten minutes
 * (search-count-stripes.ts).
 */
export const nameWordCounts = pgTable(
  'name_word_counts',
  {
    word: text('word').notNull(),
    status: varchar('status', { length: 32 }).notNull(),
    stripe: smallint('stripe').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.word, table.status, table.stripe] }),
    // A stripe's rows, for the fold (search-count-stripes.ts, migration 0030).
    index('name_word_counts_stripes_idx').on(table.stripe).where(sql`${table.stripe} <> 0`),
  ],
);

/**
 * Every distinct word of `registration_name_words`: a search term is matched against these few
 * thousand words (trigram index, migration 0019) to find which words of the index to read. A word
 * goes when the last name holding it does.
 */
export const nameWords = pgTable('name_words', {
  word: text('word').primaryKey(),
});

export type ProfileRow = typeof profiles.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;
