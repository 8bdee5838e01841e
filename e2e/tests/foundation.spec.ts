import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Collects the bodies of every JavaScript file the page downloads. */
function collectScripts(page: Page) {
  const scripts: { url: string; body: string }[] = [];
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
  });
  return scripts;
}

/**
 * Serves the shell's page without the config the server writes into it, as a plain static host
 * would: the shell then reads /config.json.
 */
async function withoutInlineConfig(page: Page) {
  await page.route('**/login', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /<script id="lp-runtime-config" type="application\/json"[^>]*>[^<]*<\/script>/,
      '',
    );
    return route.fulfill({ response, body });
  });
}

test.describe('shell and remotes', () => {
  test('/ lands on the client portal login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });

  test('/login is served by the client remote', async ({ page }) => {
    const loaded: string[] = [];
    page.on('response', (r) => loaded.push(new URL(r.url()).pathname));
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    // Playwright may report a response a moment after the page has used it (seen once in CI).
    await expect.poll(() => loaded).toContain('/remotes/client-portal/remoteEntry.js');
    expect(loaded).not.toContain('/remotes/admin-portal/remoteEntry.js');
  });

  test('/portal-admin/login is served by the admin remote', async ({ page }) => {
    const loaded: string[] = [];
    page.on('response', (r) => loaded.push(new URL(r.url()).pathname));
    await page.goto('/portal-admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    // Playwright may report a response a moment after the page has used it (seen once in CI).
    await expect.poll(() => loaded).toContain('/remotes/admin-portal/remoteEntry.js');
    expect(loaded).not.toContain('/remotes/client-portal/remoteEntry.js');
  });

  test('an unknown path lands on /login', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });

  test('an unknown admin path lands on the admin login when signed out', async ({ page }) => {
    await page.goto('/portal-admin/nowhere');
    await expect(page).toHaveURL(/\/portal-admin\/login$/);
  });

  test('React and React DOM are downloaded once, shared by shell and remote', async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Markers that only React's and React DOM's own implementations contain.
    const reactCopies = scripts.filter((s) =>
      s.body.includes('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE='),
    );
    const reactDomCopies = scripts.filter((s) => s.body.includes('reconcilerVersion'));
    expect(reactCopies.map((s) => s.url)).toHaveLength(1);
    expect(reactDomCopies.map((s) => s.url)).toHaveLength(1);
    expect(reactDomCopies[0]?.url).not.toContain('/remotes/');
  });

  test('the product name comes from the server, first paint included', async ({
    page,
    request,
  }) => {
    const config = await (await request.get('/config.json')).json();
    const html = await (await request.get('/login', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(`Loading ${config.productName}...`);
    await page.goto('/login');
    await expect(page).toHaveTitle(config.productName);
  });

  test('a broken /config.json gives a clear message and a retry, not a blank page', async ({
    page,
  }) => {
    await withoutInlineConfig(page);
    let broken = true;
    await page.route('**/config.json', (route) =>
      broken ? route.fulfill({ status: 200, body: '{not json' }) : route.fallback(),
    );
    await page.goto('/login');
    await expect(page.getByRole('alert')).toContainText('/config.json is not valid JSON.');
    broken = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });

  test('a missing /config.json names the HTTP status', async ({ page }) => {
    await withoutInlineConfig(page);
    await page.route('**/config.json', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/login');
    await expect(page.getByRole('alert')).toContainText('Could not load /config.json (HTTP 404).');
  });
});
