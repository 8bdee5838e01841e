import { loginAsStaff, randomWord } from '../../support/admin';
import { expect, test } from '../../support/fixtures';

// The machine running the journeys is shared and busy; time limits leave room for that.
test.describe.configure({ timeout: 120_000 });

test.describe('admin login', () => {
  test('three wrong passwords lock the form; it unlocks after the countdown', async ({ page }) => {
    test.setTimeout(120_000);
    // A name of its own: the server locks per username, and the staff account must stay usable.
    const username = `probe-${randomWord(6)}`;
    await page.goto('/portal-admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible({
      timeout: 30_000,
    });
    const usernameBox = page.getByRole('textbox', { name: 'Username' });
    const password = page.getByLabel(/^Password/);
    const signIn = page.getByRole('button', { name: 'Sign In' });
    const alert = page.getByRole('alert');

    async function fail(expected: string) {
      await usernameBox.fill(username);
      await password.fill('not-the-password');
      await signIn.click();
      await expect(alert).toHaveText(expected);
    }

    await fail('Login failed: Invalid credentials. 2 attempts remaining.');
    await fail('Login failed: Invalid credentials. 1 attempts remaining.');
    await fail('Too many failed attempts. Account locked for 30 seconds.');

    await expect(signIn).toBeDisabled();
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/^Account locked\. Please wait (30|29) seconds\.$/);
    await expect(timer).toHaveText(/^Account locked\. Please wait 2[0-9] seconds\.$/, {
      timeout: 12_000,
    });

    // The countdown ends, the form opens again and the counter starts from three.
    await expect(signIn).toBeEnabled({ timeout: 35_000 });
    await expect(timer).toHaveCount(0);
    await expect(alert).toHaveCount(0);
    await fail('Login failed: Invalid credentials. 2 attempts remaining.');
  });

  test('staff sign in to the dashboard, move around and log out', async ({ page }) => {
    await loginAsStaff(page);
    // Signed in, the login page sends staff straight back to the dashboard.
    await page.goto('/portal-admin/login');
    await expect(page).toHaveURL(/\/portal-admin\/dashboard$/);
    // Unknown admin paths go to the dashboard too.
    await page.goto('/portal-admin/somewhere-else');
    await expect(page).toHaveURL(/\/portal-admin\/dashboard$/);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Applicants' }).click();
    await expect(page).toHaveURL(/\/portal-admin\/applicants$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/portal-admin\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await page.goto('/portal-admin/dashboard');
    await expect(page).toHaveURL(/\/portal-admin\/login$/);
  });

  test('the login page never downloads chart.js; the dashboard does', async ({ page }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on('response', async (response) => {
      if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
      scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
    });
    const hasChartJs = () =>
      scripts.some((s) => s.body.includes('doughnut') && s.body.includes('cutout'));
    await page.goto('/portal-admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible({
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    expect(hasChartJs()).toBe(false);

    await loginAsStaff(page);
    await expect(
      page
        .getByRole('img', { name: /^Applicants by Status|^Registrations per Month/ })
        .or(page.getByText('No data available'))
        .first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(hasChartJs()).toBe(true);
  });
});
