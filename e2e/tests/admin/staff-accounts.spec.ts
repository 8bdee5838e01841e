import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN_SERVER_ENV, createApplicant, randomWord } from '../../support/admin';
import { expect, test } from '../../support/fixtures';
import { freshDataDir, type RunningServer, repoRoot, startAppServer } from '../../support/servers';

const SUPERUSER = 'e2e-su';
const SUPERUSER_PASSWORD = 'e2e-su-password';
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

/** A superuser in `dataDir`, made through the server's own ensureStaffUser before it starts. */
function seedSuperuser(dataDir: string) {
  const src = join(repoRoot, 'server/src');
  const script = join(mkdtempSync(join(tmpdir(), 'loan-su-')), 'seed.mts');
  writeFileSync(
    script,
    `import { loadConfig } from ${JSON.stringify(`${src}/config/env.ts`)};
import { openDatabase } from ${JSON.stringify(`${src}/db/client.ts`)};
import { ensureStaffUser } from ${JSON.stringify(`${src}/modules/accounts/service.ts`)};
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await ensureStaffUser(database.db, { username: ${JSON.stringify(SUPERUSER)}, password: ${JSON.stringify(SUPERUSER_PASSWORD)}, superuser: true });
await database.close();
`,
  );
  execFileSync('pnpm', ['--filter', 'server', 'exec', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...ADMIN_SERVER_ENV, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Screenshots at 360 px and 1280 px, when SCREENSHOT_DIR asks for them (looked at by hand). */
async function screenshots(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

async function signInWithPassword(page: Page, username: string, password: string) {
  await page.goto('/portal-admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
function codeAt(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

// Issue 15: a superuser creates a staff account; the staff member changes the temporary
// password, sets up an authenticator app, signs in again with its code, and reveals an Aadhaar
// number. A server of its own: it needs a superuser, which the shared server does not have.
test.describe('staff accounts and two-step sign-in', () => {
  let app: RunningServer;
  let api: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const dataDir = freshDataDir('loan-e2e-staff-');
    seedSuperuser(dataDir);
    app = await startAppServer({ ...ADMIN_SERVER_ENV, DATA_DIR: dataDir });
    api = await playwrightRequest.newContext({ baseURL: app.url });
  });

  test.afterAll(async () => {
    await api?.dispose();
    await app?.stop();
  });

  test('a superuser creates staff; they change the password, enrol TOTP, sign in with a code and reveal an Aadhaar number', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const applicant = await createApplicant(api, randomWord(10));
    const username = `staff-${randomWord(6)}`;

    // The superuser creates the account.
    const admin = await (await browser.newContext({ baseURL: app.url })).newPage();
    await signInWithPassword(admin, SUPERUSER, SUPERUSER_PASSWORD);
    await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
      timeout: 30_000,
    });
    await admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Staff' })
      .click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
    await admin.getByLabel(/^Username/).fill(username);
    await admin.getByLabel(/^Temporary password/).fill('temporary-pass-1');
    await admin.getByRole('button', { name: 'Create account' }).click();
    const row = admin
      .getByRole('listitem')
      .filter({ has: admin.getByRole('heading', { name: username }) });
    await expect(row.getByText('Temporary password')).toBeVisible();
    await expect(row.getByText('Two-step off')).toBeVisible();
    await screenshots(admin, 'staff-accounts');

    // The staff member signs in and must choose a password first.
    const staff = await (await browser.newContext({ baseURL: app.url })).newPage();
    await signInWithPassword(staff, username, 'temporary-pass-1');
    await expect(staff.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    // No session yet: the back office still sends them to the login.
    const early = await staff.context().newPage();
    await early.goto('/portal-admin/dashboard');
    await expect(early).toHaveURL(/\/portal-admin\/login$/, { timeout: 30_000 });
    await early.close();
    await staff.getByLabel(/^New password/).fill('my-own-pass-1');
    await staff.getByLabel(/^Confirm new password/).fill('my-own-pass-1');
    await staff.getByRole('button', { name: 'Save password' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
      timeout: 30_000,
    });
    // No Staff screen for staff.
    const nav = staff.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);

    // Sets up the authenticator app: the code is computed here from the key on screen.
    await nav.getByRole('link', { name: 'Two-step sign-in' }).click();
    await staff.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect(
      staff.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const secret = (await staff.getByLabel(/setup key/).inputValue()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshots(staff, 'totp-enrolment');
    await typeCode(staff, await codeAt(secret));
    await staff.getByRole('button', { name: 'Verify and turn on' }).click();
    const codes = staff.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await staff.getByRole('button', { name: 'Done' }).click();
    await expect(
      staff.getByText(/Two-step sign-in is on\. 10 of 10 recovery codes left\./),
    ).toBeVisible();

    // Signs out, and in again: the password is not enough now.
    await staff.getByRole('button', { name: 'Logout' }).click();
    await signInWithPassword(staff, username, 'my-own-pass-1');
    await expect(staff.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await screenshots(staff, 'totp-code-step');
    // The next step's code: a code of the step used at enrolment would be a replay, and the
    // server takes a phone clock one step ahead (no waiting for the clock here).
    await typeCode(staff, await codeAt(secret, 1));
    await staff.getByRole('button', { name: 'Verify' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
      timeout: 30_000,
    });

    // Opens an applicant and reveals the Aadhaar number (masked until then).
    await nav.getByRole('link', { name: 'Applicants' }).click();
    await staff.getByPlaceholder('Search name, contact, PAN...').fill(applicant.phone);
    await staff.getByRole('link', { name: applicant.fullName }).click();
    await expect(staff.getByRole('heading', { level: 1, name: applicant.fullName })).toBeVisible();
    const details = staff.getByRole('region', { name: 'Applicant details' });
    await expect(details).toContainText('XXXX XXXX 2513');
    await details.getByRole('button', { name: 'Reveal Aadhaar number' }).click();
    await expect(details).toContainText('7040 7441 2513');

    // The superuser's list now shows the account with its second factor on.
    await admin.reload();
    await expect(row.getByText('Two-step on')).toBeVisible();
    await expect(row.getByText('Temporary password')).toHaveCount(0);

    // The reveal is on the superuser's audit trail: who, which applicant, which field.
    await admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Audit trail' })
      .click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    await admin.getByLabel('Staff username').fill(username);
    await admin.getByLabel('Action').selectOption({ label: 'Number revealed' });
    const reveal = admin.getByRole('row').filter({ hasText: 'Number revealed' });
    await expect(reveal).toHaveCount(1);
    await expect(reveal).toContainText(username);
    await expect(reveal).toContainText('field: aadhaar_number');
    await expect(reveal.getByRole('link', { name: /^#\d+$/ })).toBeVisible();
    await expect(reveal).not.toContainText('7040');
  });
});
