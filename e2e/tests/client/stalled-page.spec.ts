import type { Route } from '@playwright/test';
import { expect, test } from '../../support/fixtures';

// Until its scripts run, a page shows the inert, read-only copy its HTML painted. A script that
// failed to load, or that never arrived, left that copy there for good; the page now reloads
// itself once (api-client boot/stalled-page-script.ts), and failing again shows the shell's notice,
// in the reader's language, with a Retry button.

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

test('a page that fails again after its reload says so, with a Retry that tries once more', async ({
  page,
}) => {
  let tries = 0;
  await page.route(SHELL_ENTRY, (route) => {
    tries += 1;
    return route.abort('connectionreset');
  });
  await page.goto('/login');
  const notice = page.getByRole('alert').filter({ hasText: 'We could not load this page' });
  await expect(notice).toContainText('Check your connection and try again.');
  // Above the copy, and on screen: the reload's scroll restoration once hid it above the top.
  await expect(notice).toBeInViewport();
  expect(tries).toBe(2);
  // No loop: a loop would have asked again within a second. The copy stays, read-only.
  await page.waitForTimeout(3_000);
  expect(tries).toBe(2);
  await expect(page.getByLabel(/^Mobile Number/)).not.toBeEditable();

  // Retry is the reader's own reload: it asks again, and failing again, says so again.
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => tries).toBe(3);
  await expect(
    page.getByRole('alert').filter({ hasText: 'We could not load this page' }),
  ).toBeVisible();

  // Once the scripts come through, Retry gives the working form and the notice is gone.
  await page.unroute(SHELL_ENTRY);
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByLabel(/^Mobile Number/).fill('9876543210');
  await expect(page.getByLabel(/^Mobile Number/)).toHaveValue('9876543210');
  await expect(
    page.getByRole('alert').filter({ hasText: 'We could not load this page' }),
  ).toHaveCount(0);
});

test('a page that stalls again shows the notice where the reader is, and drops it if the page comes after all', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 400 });
  // This tab reloaded the page a moment ago (the script's own record): a stall now shows the notice.
  await page.addInitScript(() =>
    sessionStorage.setItem('loan-portal.stalled-page-reloaded-at', String(Date.now())),
  );
  const held: Route[] = [];
  await page.route(SHELL_ENTRY, (route) => {
    held.push(route); // not answered until the end
  });
  // Neither "load" nor DOMContentLoaded comes while a module script is held.
  await page.goto('/signup', { waitUntil: 'commit' });
  await expect.poll(() => held.length).toBe(1);
  // The reader scrolls the read-only copy while it stalls.
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  const notice = page.getByRole('alert').filter({ hasText: 'We could not load this page' });
  await expect(notice).toBeInViewport({ timeout: 45_000 });
  // Its "Loading" announcement would contradict the notice.
  await expect(page.locator('p.lp-visually-hidden[role="status"]')).toBeHidden();

  // The script arrives after all: the page works, and the notice has nothing left to say.
  await held[0]?.continue();
  await page.getByLabel(/^Mobile Number/).fill('9876543210');
  await expect(page.getByLabel(/^Mobile Number/)).toHaveValue('9876543210');
  await expect(notice).toHaveCount(0);
});

test("a Hindi reader's page that keeps failing says so in Hindi, a staff page in English", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'hi', url: baseURL ?? '' }]);
  await page.route(SHELL_ENTRY, (route) => route.abort('connectionreset'));
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('यह पेज लोड नहीं हो सका');
  await expect(notice.getByRole('button', { name: 'फिर से प्रयास करें' })).toBeVisible();
  await expect(notice).toHaveAttribute('lang', 'hi-IN');

  // Within two minutes of the reload above, a failure shows the notice at once. A page painted
  // from no form (the boot screen) puts away its spinner; the lang cookie alone chooses Hindi.
  await page.goto('/status');
  await expect(page.getByRole('alert')).toContainText('यह पेज लोड नहीं हो सका');
  await expect(page.locator('.lp-boot')).toBeHidden();

  await page.goto('/portal-admin/login');
  await expect(page.getByRole('alert')).toContainText('We could not load this page');
  await expect(page.getByRole('alert').getByRole('button', { name: 'Retry' })).toBeVisible();
});

test("/login's scripts failing after something was typed: the notice at once, no reload to lose it", async ({
  page,
}) => {
  // /login's copy takes input before its scripts arrive (issue 17); a reload would wipe it.
  let tries = 0;
  let typedIn!: () => void;
  const typed = new Promise<void>((resolve) => {
    typedIn = resolve;
  });
  await page.route(SHELL_ENTRY, async (route) => {
    tries += 1;
    await typed;
    return route.abort('connectionreset');
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel(/^Mobile Number/).fill('9876543210');
  typedIn();
  const notice = page.getByRole('alert').filter({ hasText: 'We could not load this page' });
  await expect(notice).toBeVisible();
  await page.waitForTimeout(2_000);
  expect(tries).toBe(1);
  // What was typed is still there, and the copy says it cannot be used yet.
  await expect(page.getByLabel(/^Mobile Number/)).toHaveValue('9876543210');
  await expect(page.getByLabel(/^Mobile Number/)).not.toBeEditable();
});
