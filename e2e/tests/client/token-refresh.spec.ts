import { expect, test } from '@playwright/test';
import {
  CLIENT_SERVER_ENV,
  createDraftViaApi,
  signInViaUi,
  signUpViaApi,
} from '../../support/client';
import { type RunningServer, startAppServer } from '../../support/servers';

// Access tokens that live 3 seconds: the session must survive them through the refresh queue.
test.describe('short-lived access tokens', () => {
  let app: RunningServer;

  test.beforeAll(async () => {
    // A server of its own starts here, beside the journeys of the other project: room for that.
    test.setTimeout(180_000);
    app = await startAppServer({ ...CLIENT_SERVER_ENV, ACCESS_TOKEN_TTL_SECONDS: '3' });
  });

  test.afterAll(async () => {
    await app?.stop();
  });

  test('a session keeps working past the access token expiry', async ({ page, request }) => {
    test.setTimeout(120_000);
    const account = await signUpViaApi(request, app.url);
    await createDraftViaApi(request, app.url, account.access);
    await signInViaUi(page, account.phone, account.password, app.url);

    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/accounts/token/refresh/')) {
        refreshes.push(response.status());
      }
    });

    // In-app navigation after expiry: the status call gets a 401, refreshes, and retries.
    await page.waitForTimeout(4_000);
    await page.getByRole('button', { name: 'Continue application' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Pending' })).toBeVisible();
    await expect(page.getByText('Anita Nair')).toBeVisible();
    // The page may paint the application the session read, then refresh it in the background:
    // that read meets the expired token, refreshes it and is answered.
    await expect.poll(() => refreshes).toContain(200);

    // A reload after another expiry: the stored session comes back through the refresh cookie.
    await page.waitForTimeout(4_000);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Payment Pending' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(account.phone);
    expect(refreshes.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    expect(refreshes).not.toContain(401);
  });
});
