import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// What the HTML alone shows, before the shell or a remote has run a line of script: for the
// pages a signed-out visitor sees, the page itself (bench/README.md F6: LCP was waiting for every
// module); then the remote renders the same page over it.

const PAGES = [
  { path: '/login', heading: 'Sign In', field: 'Mobile Number' },
  { path: '/portal-admin/login', heading: 'Admin Login', field: 'Username' },
];

/**
 * Once the remote has rendered, nothing on the page is inert any more and the copy that took input
 * before the scripts (/login's) is gone: the form answers.
 */
async function remoteRendered(page: Page) {
  await expect(page.locator('[inert], [data-lp-typeable]')).toHaveCount(0);
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
    // /login asks for them once its copy, which takes input, is on screen (F30): no Link header,
    // and not one script before the first contentful paint.
    expect(await navigation?.headerValue('link')).toBeNull();
    const early = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      if (paint === undefined) return ['no first contentful paint'];
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js') && entry.startTime < paint)
        .map((entry) => entry.name);
    });
    expect(early).toEqual([]);
  });
}

test("/portal-admin/login's scripts are all in the Link header, which Chromium reads before it parses (F17)", async ({
  page,
  baseURL,
}) => {
  const navigation = await page.goto('/portal-admin/login');
  await remoteRendered(page);
  await page.waitForLoadState('networkidle');
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')].map(
      (link) => new URL((link as HTMLLinkElement).href).pathname,
    ),
  );
  const linked = [...((await navigation?.headerValue('link')) ?? '').matchAll(/<([^>]+)>/g)].map(
    (match) => new URL(match[1]!, baseURL).pathname,
  );
  expect(preloaded.length).toBeGreaterThan(0);
  expect(preloaded.filter((script) => !linked.includes(script))).toEqual([]);
});

test('/login takes what is typed before its scripts arrive, and signs in with it (issue 17)', async ({
  page,
}) => {
  // The page's scripts wait until the visitor has typed, as on a slow phone.
  let arrive!: () => void;
  const typed = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await page.route(/\.js$/, async (route) => {
    await typed;
    await route.fallback();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Mobile Number').fill('98765');
  await page.getByLabel('Mobile Number').pressSequentially('43210');
  await page.getByLabel(/^Password/).pressSequentially('wrong-pass');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[data-lp-typeable]')).toHaveCount(1);
  arrive();
  await remoteRendered(page);
  const password = page.getByLabel(/^Password/);
  await expect(page.getByLabel('Mobile Number')).toHaveValue('9876543210');
  await expect(password).toHaveValue('wrong-pass');
  // Still in the field, at the same place: the next key lands where the caret was.
  await expect(password).toBeFocused();
  await page.keyboard.type('X');
  await expect(password).toHaveValue('wrong-pasXs');
  await page.getByRole('button', { name: 'Sign In →' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid credentials, please try again.');
});

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
