import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  type RunningServer,
  repoRoot,
  startAppServer,
  startStaticOrigin,
} from '../support/servers';

// The separate-deployment proof: each remote build is served from an origin of its own and the
// shell learns where only through REMOTE_*_URL, without being rebuilt.
test.describe('remotes deployed on other origins', () => {
  let clientOrigin: RunningServer;
  let adminOrigin: RunningServer;
  let app: RunningServer;

  test.beforeAll(async () => {
    // A server of its own starts here, beside the journeys of the other project: room for that.
    test.setTimeout(180_000);
    clientOrigin = await startStaticOrigin(
      join(repoRoot, 'client-portal/dist'),
      '/remotes/client-portal/',
    );
    adminOrigin = await startStaticOrigin(
      join(repoRoot, 'admin-portal/dist'),
      '/remotes/admin-portal/',
    );
    app = await startAppServer({
      REMOTE_CLIENT_PORTAL_URL: `${clientOrigin.url}/remotes/client-portal/remoteEntry.js`,
      REMOTE_ADMIN_PORTAL_URL: `${adminOrigin.url}/remotes/admin-portal/remoteEntry.js`,
      // Prove the app server itself is not the one serving the remotes.
      CLIENT_PORTAL_DIST_DIR: '/nonexistent/client',
      ADMIN_PORTAL_DIST_DIR: '/nonexistent/admin',
    });
  });

  test.afterAll(async () => {
    await Promise.all([app?.stop(), clientOrigin?.stop(), adminOrigin?.stop()]);
  });

  test('client and admin portals load from their own origins', async ({ page }) => {
    const origins = new Set<string>();
    page.on('response', (r) => {
      if (r.url().includes('/remotes/')) origins.add(new URL(r.url()).origin);
    });
    await page.goto(`${app.url}/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await page.goto(`${app.url}/portal-admin/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    expect([...origins].sort()).toEqual([adminOrigin.url, clientOrigin.url].sort());
  });

  test('an unreachable remote shows a message, and Retry recovers once it is back', async ({
    page,
  }) => {
    const port = Number(new URL(adminOrigin.url).port);
    await adminOrigin.stop();
    await page.goto(`${app.url}/portal-admin/login`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      'The back office could not be loaded. Check your connection and try again.',
    );
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toContainText('The back office could not be loaded.');

    adminOrigin = await startStaticOrigin(
      join(repoRoot, 'admin-portal/dist'),
      '/remotes/admin-portal/',
      port,
    );
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  });
});
