import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = resolve(benchRoot, '..');
export const resultsDir = process.env.BENCH_RESULTS_DIR || resolve(benchRoot, 'results');

function number(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/**
 * BENCH_LIGHTHOUSE_PAGES: paths or row names, comma-separated; a comma inside a row name's
 * parentheses ('/status (signed in, Hindi)') is part of the name.
 */
export function pageList(value: string): string[] {
  return value
    .split(/,(?![^()]*\))/)
    .map((page) => page.trim())
    .filter(Boolean);
}

/**
 * Every knob has the full-size default of issue 9; the small values in the README are for
 * trying the scripts on a busy machine.
 */
export const settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/loan_bench',
  keepDatabase: process.env.BENCH_KEEP_DB === '1',
  /** Applicants seeded for the API and export parts. */
  rows: Math.round(number('BENCH_ROWS', 1_000_000)),
  /** Seconds of each autocannon run. */
  durationSeconds: number('BENCH_DURATION', 20),
  connections: Math.round(number('BENCH_CONNECTIONS', 10)),
  /** Whole runs of the API part; with more than one, its table is each row's median (median.ts). */
  apiRuns: Math.round(number('BENCH_API_RUNS', 1)),
  /** Row counts of the export part (comma-separated); each is capped at BENCH_ROWS. */
  exportRows: (process.env.BENCH_EXPORT_ROWS || '100000,1000000')
    .split(',')
    .map((value) => Math.round(Number(value.replaceAll('_', '').trim())))
    .filter((value) => value > 0),
  chromiumPath: process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  /** Lighthouse runs per page; the median score is reported. */
  lighthouseRuns: Math.round(number('BENCH_LIGHTHOUSE_RUNS', 1)),
  /**
   * Only these Lighthouse pages (comma-separated paths or row names: `/login` is both languages,
   * `/login (Hindi)` only the one); all when unset.
   */
  lighthousePages: pageList(process.env.BENCH_LIGHTHOUSE_PAGES ?? ''),
};

/**
 * The browser parts (bytes, Lighthouse) use a small database of their own: page weight and speed
 * should not depend on the API part's million rows.
 */
export const pagesDatabaseUrl = settings.databaseUrl.replace(/\/[^/]*$/, '/loan_bench_pages');
export const PAGES_ROWS = 2_000;

/**
 * Fixed, public key and secret: the bench data is synthetic, and a fixed key lets a kept database
 * (BENCH_KEEP_DB=1) be read by the next run's server.
 */
export const benchEncryptionKey = createHash('sha256').update('loan-portal-bench').digest('base64');
export const benchJwtSecret = createHash('sha256').update('loan-portal-bench-jwt').digest('hex');
export const staffCredentials = { username: 'bench-staff', password: 'bench-staff-password' };

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
