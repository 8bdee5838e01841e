import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ADMIN_SERVER_ENV } from './admin';
import { repoRoot } from './servers';

/** The simulator signs its webhooks with this on the journey's own server, so a test can too. */
export const SIMULATOR_SECRET = 'e2e-simulator-webhook-secret';

/** Creates a superuser in `dataDir` through the server's own ensureStaffUser, before it starts. */
export function seedSuperuser(dataDir: string, username: string, password: string): void {
  const src = join(repoRoot, 'server/src');
  const script = join(mkdtempSync(join(tmpdir(), 'loan-superuser-')), 'create-superuser.mts');
  writeFileSync(
    script,
    `import { loadConfig } from ${JSON.stringify(`${src}/config/env.ts`)};
import { openDatabase } from ${JSON.stringify(`${src}/db/client.ts`)};
import { ensureStaffUser } from ${JSON.stringify(`${src}/modules/accounts/service.ts`)};
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await ensureStaffUser(database.db, { username: process.env.SU_USERNAME, password: process.env.SU_PASSWORD, superuser: true });
await database.close();
`,
  );
  execFileSync('pnpm', ['--filter', 'server', 'exec', 'tsx', script], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...ADMIN_SERVER_ENV,
      DATA_DIR: dataDir,
      SU_USERNAME: username,
      SU_PASSWORD: password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Flags a payment through the server's own webhook path: opens the applicant's order, then
 * delivers the signed SUCCESS webhook Cashfree would send for ₹1 instead of the fee. Settlement
 * records it, flagged amount_mismatch, and the registration stays unpaid. Answers the order id.
 */
export async function flagWrongAmount(
  request: APIRequestContext,
  baseURL: string,
  access: string,
): Promise<string> {
  const order = await request.post(`${baseURL}/api/registration/cashfree/create-order/`, {
    headers: { authorization: `Bearer ${access}` },
    data: { amount: 10 },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const { order_id } = (await order.json()) as { order_id: string };
  const body = JSON.stringify({
    data: {
      order: { order_id, order_amount: 1, order_currency: 'INR', order_tags: null },
      payment: {
        cf_payment_id: `e2e${Date.now()}`,
        payment_status: 'SUCCESS',
        payment_amount: 1,
        payment_currency: 'INR',
        payment_message: '00::Transaction success',
        payment_time: new Date().toISOString(),
        payment_group: 'upi',
      },
      customer_details: { customer_id: 'e2e' },
    },
    event_time: new Date().toISOString(),
    type: 'PAYMENT_SUCCESS_WEBHOOK',
  });
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', SIMULATOR_SECRET)
    .update(timestamp + body)
    .digest('base64');
  const delivered = await request.post(`${baseURL}/api/registration/cashfree/webhook/`, {
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signature,
      'x-webhook-version': '2025-01-01',
    },
    data: body,
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  expect(await delivered.json()).toEqual({ status: 'flagged' });
  return order_id;
}

/** Signs in through the admin login page as `username` and waits for the dashboard. */
export async function loginAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/portal-admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
    timeout: 30_000,
  });
}
