import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { repoRoot } from './servers';

/** The staff account global-setup asks the server to create at start-up. */
export const ADMIN_USERNAME = 'e2e-admin';
export const ADMIN_PASSWORD = 'e2e-admin-password';

/** Environment for a server the admin journeys can use (staff account, limits for many sign-ups). */
export const ADMIN_SERVER_ENV: Record<string, string> = {
  ADMIN_USERNAME,
  ADMIN_PASSWORD,
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  OTP_MAX_PER_IP_PER_HOUR: '10000',
  OTP_MAX_PER_NUMBER_PER_HOUR: '100',
};

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A random lower-case word: names allow letters and spaces only, so tags are words. */
export function randomWord(length = 8): string {
  let word = '';
  for (let i = 0; i < length; i += 1) word += LETTERS[Math.floor(Math.random() * LETTERS.length)];
  return word;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A fresh Indian mobile number (10 digits, first 6-9). */
export function randomMobile(): string {
  let rest = '';
  for (let i = 0; i < 9; i += 1) rest += Math.floor(Math.random() * 10);
  return `${6 + Math.floor(Math.random() * 4)}${rest}`;
}

export interface Applicant {
  fullName: string;
  phone: string;
  password: string;
  /** The client's access token. */
  access: string;
}

/** Signs a client up through the API (code read from the dev SMS outbox). */
export async function signUpClient(
  request: APIRequestContext,
): Promise<Omit<Applicant, 'fullName'>> {
  const phone = randomMobile();
  const password = 'client-pass-123';
  const sent = await request.post('/api/accounts/otp/send/', { data: { mobile: phone } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const outbox = await request.get(`/api/dev/sms-outbox?phone=${phone}`);
  const { messages } = (await outbox.json()) as { messages: { code: string }[] };
  const code = messages[0]?.code;
  expect(code, 'a code in the dev outbox').toBeTruthy();
  const signup = await request.post('/api/accounts/signup/', {
    data: { phone_number: phone, password, otp: code },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const { access } = (await signup.json()) as { access: string };
  return { phone, password, access };
}

/** A client with a submitted (draft) application whose full name is `First {tag} Last`. */
export async function createApplicant(
  request: APIRequestContext,
  tag: string,
  overrides: Record<string, string> = {},
): Promise<Applicant> {
  const client = await signUpClient(request);
  const fullName = `${capitalise(randomWord(6))} ${capitalise(tag)} ${capitalise(randomWord(6))}`;
  const { privacyNoticeVersion } = await (await request.get('/config.json')).json();
  const response = await request.post('/api/registration/profile/', {
    headers: { Authorization: `Bearer ${client.access}` },
    data: {
      consent_notice_version: privacyNoticeVersion,
      full_name: fullName,
      contact_number: client.phone,
      alternative_contact_number: '',
      aadhaar_number: '7040 7441 2513',
      pan_number: 'ABCDE1234F',
      bank_name: 'State Bank of India',
      account_number: '50100123456789',
      ifsc_code: 'SBIN0001234',
      full_address: '12 MG Road, Shivaji Nagar',
      city: 'Pune',
      state: 'Maharashtra',
      pin_code: '411001',
      loan_type: 'Personal Loan',
      loan_amount: '250000',
      ...overrides,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { ...client, fullName };
}

/** A staff access token for calling admin endpoints directly. */
export async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/accounts/admin/login/', {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { access: string }).access;
}

/** Signs in through the admin login page and waits for the dashboard. */
export async function loginAsStaff(page: Page): Promise<void> {
  await page.goto('/portal-admin/login');
  // Generous first wait: the shell, then the remote, load before the form exists.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('textbox', { name: 'Username' }).fill(ADMIN_USERNAME);
  await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/portal-admin\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
    timeout: 30_000,
  });
}

/** Today in Asia/Kolkata as YYYY-MM-DD, the calendar the back office filters by. */
export function kolkataToday(offsetDays = 0): string {
  const date = new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/**
 * Creates the staff account in `dataDir` before a server starts there. The server is meant to do
 * this itself from ADMIN_USERNAME / ADMIN_PASSWORD (both are passed too); until that start-up step
 * lands, the journeys create the account through the server's own ensureStaffUser.
 */
export function seedStaffAccount(dataDir: string): void {
  const src = join(repoRoot, 'server/src');
  const script = join(mkdtempSync(join(tmpdir(), 'loan-staff-')), 'create-staff.mts');
  writeFileSync(
    script,
    `import { loadConfig } from ${JSON.stringify(`${src}/config/env.ts`)};
import { openDatabase } from ${JSON.stringify(`${src}/db/client.ts`)};
import { ensureStaffUser } from ${JSON.stringify(`${src}/modules/accounts/service.ts`)};
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await ensureStaffUser(database.db, { username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD });
await database.close();
`,
  );
  execFileSync('pnpm', ['--filter', 'server', 'exec', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...ADMIN_SERVER_ENV, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
