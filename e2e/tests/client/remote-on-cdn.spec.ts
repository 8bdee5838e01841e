import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { CLIENT_SERVER_ENV, signInViaUi, signUpViaApi } from '../../support/client';
import {
  type RunningServer,
  repoRoot,
  startAppServer,
  startStaticOrigin,
} from '../../support/servers';

// The lazily loaded screens (and their CSS) must come from the remote's own origin, not from the
// page's: a remote deployed on a CDN is fetched by URL relative to its remoteEntry.js.
test.describe('client remote on another origin', () => {
  let cdn: RunningServer;
  let app: RunningServer;

  test.beforeAll(async () => {
    // A server of its own starts here, beside the journeys of the other project: room for that.
    test.setTimeout(180_000);
    cdn = await startStaticOrigin(join(repoRoot, 'client-portal/dist'), '/remotes/client-portal/');
    app = await startAppServer({
      ...CLIENT_SERVER_ENV,
      REMOTE_CLIENT_PORTAL_URL: `${cdn.url}/remotes/client-portal/remoteEntry.js`,
      CLIENT_PORTAL_DIST_DIR: '/nonexistent/client',
    });
  });

  test.afterAll(async () => {
    await Promise.all([app?.stop(), cdn?.stop()]);
  });

  test('lazy screens and their styles load from the remote origin', async ({ page, request }) => {
    test.setTimeout(90_000);
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/remotes/') && !r.ok()) failed.push(r.url());
    });
    const account = await signUpViaApi(request, app.url);
    await signInViaUi(page, account.phone, account.password, app.url);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registration Form' })).toBeVisible();
    // The form card's CSS module applied: a white card with a rounded border.
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Next Step' }) });
    await expect(form).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(form).toHaveCSS('border-top-left-radius', '12px');
    expect(failed).toEqual([]);
  });
});
