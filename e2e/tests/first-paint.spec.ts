import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// What the HTML alone shows, before the shell or a remote has run a line of script: for the
// pages a signed-out visitor sees, the page itself (bench/README.md F6: LCP was waiting for every
// module); then the remote renders the same page over it.

const PAGES = [
  { path: '/login', heading: 'Sign In', field: 'Mobile Number' },
  { path: '/portal-admin/login', heading: 'Admin Login', field: 'Username' },
];

/** Once the remote has rendered, nothing on the page is inert any more: the form answers. */
async function remoteRendered(page: Page) {
  await expect(page.locator('[inert]')).toHaveCount(0);
}

async function layout(page: Page, heading: string, field: string) {
  return {
    heading: await page.getByRole('heading', { level: 1, name: heading }).boundingBox(),
    field: await page.getByLabel(field).boundingBox(),
  };
}

for (const { path, heading, field } of PAGES) {
  test(`${path} is painted by the HTML before any script runs`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const productName = (await (await request.get('/config.json')).json()).productName;
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('main')).toContainText(productName);
    await expect(page.getByLabel(field)).toBeVisible();
    await context.close();
  });

  test(`${path}: the page the remote renders stands where the HTML painted it`, async ({
    browser,
    baseURL,
    page,
  }) => {
    const still = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const painted = await still.newPage();
    await painted.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
    await painted.goto(path);
    const before = await layout(painted, heading, field);
    await still.close();

    await page.goto(path);
    await remoteRendered(page);
    // Where each stands, to the pixel: a sub-pixel difference in text rendering is not a shift.
    const after = await layout(page, heading, field);
    for (const key of ['heading', 'field'] as const) {
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(
          Math.abs((after[key]?.[side] ?? Number.NaN) - (before[key]?.[side] ?? 0)),
        ).toBeLessThanOrEqual(1);
      }
    }
    await page.getByLabel(field).fill('9876543210');
    await expect(page.getByLabel(field)).toHaveValue('9876543210');
  });
}

test('the shell takes the runtime config from the page, without asking /config.json', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/login');
  await remoteRendered(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  expect(asked).not.toContain('/config.json');
});

// A form's rules come later by design: when a field is focused, or in idle time after the load.
const AFTER_FIRST_PAINT = /\/form-schemas-[\w-]+\.js$/;

for (const reader of ['English', 'Hindi'] as const) {
  test(`every script the login page's remote runs for a ${reader} reader was announced by the HTML`, async ({
    page,
    context,
    baseURL,
  }) => {
    if (reader === 'Hindi') {
      // A returning Hindi reader: the portal awaits its Hindi catalogs before the first render.
      await context.addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
      await context.addInitScript(() => localStorage.setItem('loan-portal.locale', 'hi'));
    }
    const scripts: string[] = [];
    page.on('response', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith('/remotes/client-portal/') && pathname.endsWith('.js')) {
        scripts.push(pathname);
      }
    });
    const navigation = await page.goto('/login');
    await remoteRendered(page);
    await expect(
      page.getByRole('heading', { level: 1, name: reader === 'Hindi' ? 'साइन इन करें' : 'Sign In' }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      ),
    );
    expect(scripts.length).toBeGreaterThan(0);
    if (reader === 'Hindi')
      expect(scripts.some((script) => /\/hi-[\w-]+\.js$/.test(script))).toBe(true);
    expect(
      scripts.filter((script) => !preloaded.includes(script) && !AFTER_FIRST_PAINT.test(script)),
    ).toEqual([]);
    // The same scripts in the Link header, which Chromium reads before it parses (F17).
    const linked = [...((await navigation?.headerValue('link')) ?? '').matchAll(/<([^>]+)>/g)].map(
      (match) => new URL(match[1]!, baseURL).pathname,
    );
    expect(preloaded.filter((script) => !linked.includes(script))).toEqual([]);
  });
}

test('a broken config in the page gives a clear message, and Retry asks the server', async ({
  page,
}) => {
  await page.route('**/login', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /(<script id="lp-runtime-config" type="application\/json"[^>]*>)[^<]*/,
      '$1{not json',
    );
    return route.fulfill({ response, body });
  });
  await page.goto('/login');
  await expect(page.getByRole('alert')).toContainText(
    'The configuration in this page is not valid JSON.',
  );
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await remoteRendered(page);
});
