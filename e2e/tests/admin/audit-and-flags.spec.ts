import { join } from 'node:path';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { ADMIN_SERVER_ENV, createApplicant, randomWord } from '../../support/admin';
import {
  flagWrongAmount,
  loginAs,
  SIMULATOR_SECRET,
  seedSuperuser,
} from '../../support/audit-and-flags';
import { expect, test } from '../../support/fixtures';
import { freshDataDir, type RunningServer, startAppServer } from '../../support/servers';

const SUPERUSER = 'e2e-root';
const SUPERUSER_PASSWORD = 'e2e-root-password';

// Issue 15: a superuser resolves a payment the server flagged, then finds that resolution on the
// audit trail by its action. A server of its own: a superuser, and a webhook secret to sign with.
test.describe('audit trail and flagged payments', () => {
  let app: RunningServer;
  let api: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const dataDir = freshDataDir('loan-e2e-audit-');
    seedSuperuser(dataDir, SUPERUSER, SUPERUSER_PASSWORD);
    app = await startAppServer({
      ...ADMIN_SERVER_ENV,
      PAYMENT_SIMULATOR_SECRET: SIMULATOR_SECRET,
      DATA_DIR: dataDir,
    });
    api = await playwrightRequest.newContext({ baseURL: app.url });
  });

  test.afterAll(async () => {
    await api?.dispose();
    await app?.stop();
  });

  test('a superuser resolves a flagged payment and sees it on the audit trail', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const applicant = await createApplicant(api, randomWord(10));
    const orderId = await flagWrongAmount(api, app.url, applicant.access);

    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    await loginAs(page, SUPERUSER, SUPERUSER_PASSWORD);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Flagged payments' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Flagged payments' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: orderId });
    await expect(card.getByRole('heading', { name: 'Amount mismatch' })).toBeVisible();
    await expect(card.getByText('₹199.00')).toBeVisible();
    await expect(card.getByText('₹1.00 (SUCCESS)')).toBeVisible();
    await expect(card.getByRole('link', { name: new RegExp(applicant.fullName) })).toBeVisible();
    await screenshots(page, 'flagged-payments');

    await card.getByRole('button', { name: 'Resolve with note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve flagged payment' });
    await dialog.getByLabel('Note').fill('The client paid the rest at the branch.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      card.getByText(new RegExp(`Resolved with a note by ${SUPERUSER} on`)),
    ).toBeVisible();
    await expect(card.getByText('The client paid the rest at the branch.')).toBeVisible();

    await nav.getByRole('link', { name: 'Audit trail' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    await page.getByLabel('Action').selectOption({ label: 'Flagged payment resolved' });
    await expect(page.getByRole('heading', { name: '1 Entry' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Flagged payment resolved' });
    await expect(row).toContainText(SUPERUSER);
    await expect(row).toContainText(orderId);
    await expect(row.getByRole('link', { name: /^#\d+$/ })).toBeVisible();
    await screenshots(page, 'audit');
    await context.close();
  });
});

/** With E2E_SCREENSHOTS_DIR set, the screen at 1280 and at 360 px wide, for a person to look at. */
async function screenshots(page: import('@playwright/test').Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
