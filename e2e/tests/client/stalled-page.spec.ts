import type { Route } from '@playwright/test';
import { expect, test } from '../../support/fixtures';

// Until its scripts run, a page shows the inert, read-only copy its HTML painted. A script that
// failed to load, or that never arrived, left that copy there for good; the page now reloads
// itself once (api-client boot/stalled-page-script.ts).

/** The shell's entry, the one module script of the HTML. */
const SHELL_ENTRY = '**/assets/mf-entry-bootstrap-*.js';

test('a page whose script failed to load reloads itself once, and its form then works', async ({
  page,
}) => {
  let tries = 0;
  await page.route(SHELL_ENTRY, (route) =>
    ++tries === 1 ? route.abort('connectionreset') : route.continue(),
  );
  await page.goto('/login');
  await page.getByLabel(/^Mobile Number/).fill('9876543210');
  await expect(page.getByLabel(/^Mobile Number/)).toHaveValue('9876543210');
  await expect(page.getByRole('button', { name: 'Sign In →' })).toBeEnabled();
  expect(tries).toBe(2);
});

test('a page whose script never arrives reloads itself after 30 s without progress', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const held: Route[] = [];
  await page.route(SHELL_ENTRY, (route) => {
    if (held.length === 0)
      held.push(route); // never answered
    else void route.continue();
  });
  await page.goto('/signup');
  await page.getByLabel(/^Mobile Number/).fill('9876543210', { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  expect(held).toHaveLength(1);
});

test('a page that fails again after its reload does not reload in a loop', async ({ page }) => {
  let tries = 0;
  await page.route(SHELL_ENTRY, (route) => {
    tries += 1;
    return route.abort('connectionreset');
  });
  await page.goto('/login');
  await expect.poll(() => tries).toBe(2);
  // A loop would have asked again within a second; the copy stays, read-only.
  await page.waitForTimeout(3_000);
  expect(tries).toBe(2);
  await expect(page.getByLabel(/^Mobile Number/)).not.toBeEditable();
});
