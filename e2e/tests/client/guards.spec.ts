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
});
