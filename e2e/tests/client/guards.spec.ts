import { signInViaUi, signUpViaApi } from '../../support/client';
import { expect, test } from '../../support/fixtures';

test.describe('guards', () => {
  for (const path of ['/dashboard', '/register', '/payment', '/status', '/nowhere/at/all']) {
    test(`${path} sends a signed-out visitor to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
    });
  }

  test('logout closes the protected pages again', async ({ page, request, baseURL }) => {
    const account = await signUpViaApi(request, baseURL!);
    await signInViaUi(page, account.phone, account.password);
    await page.goto('/status');
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('client_access_token'))).toBeNull();
  });

  test('a client who opened a signed-in page first can still log out while offline', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await signUpViaApi(request, baseURL!);
    // Signed in on an earlier visit: this browser has never loaded /login, whose code is not part
    // of a signed-in page (every page is lazy), nor has it in its cache.
    await page.addInitScript((access) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('client_access_token', access);
    }, account.access);
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Registration Form' })).toBeVisible();
    // Loaded in idle time after the page painted.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => /\/login-page-[^/]*\.js$/.test(entry.name)),
        ),
      )
      .toBe(true);
    // The chunks it imports in turn, before the network goes.
    await page.waitForLoadState('networkidle');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(page.getByLabel(/^Mobile Number/)).toBeVisible();
    await page.context().setOffline(false);
  });

  test("the header's page title is whole on a 360 px phone, in English and Hindi", async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await signUpViaApi(request, baseURL!);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript((access) => {
      localStorage.setItem('client_access_token', access);
    }, account.access);
    const title = page.getByRole('banner').locator('p').first();
    for (const [path, text] of [
      ['/dashboard', 'Dashboard'],
      ['/register', 'Application'],
    ]) {
      await page.goto(path);
      await expect(title).toHaveText(text, { useInnerText: true });
      // Not cut to "Applicati…": the text is no wider than its box.
      expect(await title.evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
    }
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await expect(title).toHaveText('आवेदन', { useInnerText: true });
    expect(await title.evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
  });
});
