import type { Page } from '@playwright/test';
import { loginAsStaff } from '../support/admin';
import { PASSWORD, signInViaUi, signUpViaApi } from '../support/client';
import { expect, test } from '../support/fixtures';

// Issue 17: a signed-in page's first API reads leave with the HTML (its inline script, allowed by
// the CSP's hash), beside the scripts, and the portal takes their answers instead of asking again.

/** Every GET of these API paths the page sends, in order, and any script the CSP refused. */
function watch(page: Page, paths: string[]) {
  const asked: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && paths.includes(path)) asked.push(path);
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return { asked, refused };
}

/**
 * Leaves the signed-in page the sign-in ended on. Its own reads (the dashboard refreshes the
 * application as it mounts) may still be starting on a busy machine, and would be counted as the
 * next page's; once about:blank has replaced it, that page can send nothing more.
 */
async function leave(page: Page) {
  await page.goto('about:blank');
}

/** The early requests the page's script left, by path: an empty object once all were taken. */
function leftOver(page: Page) {
  return page.evaluate(() =>
    Object.keys(
      (window as unknown as { __loanPortalEarly?: object }).__loanPortalEarly ?? {
        missing: true,
      },
    ),
  );
}

test.describe('early API reads of a signed-in page', () => {
  test.setTimeout(120_000);

  test('/register asks for the session, the application and the saved form once each', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await signUpViaApi(request, baseURL!);
    const saved = await request.put(`${baseURL}/api/registration/draft/`, {
      data: { step: 0, values: { full_name: 'Anita Nair', loan_type: 'Home Loan' } },
      headers: { authorization: `Bearer ${account.access}` },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await signInViaUi(page, account.phone, PASSWORD);
    await leave(page);

    const paths = [
      '/api/accounts/user/',
      '/api/registration/registration/status/',
      '/api/registration/draft/',
    ];
    const seen = watch(page, paths);
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Registration Form' })).toBeVisible();
    // The form resumed from the answer the page's script received.
    await expect(page.getByLabel(/^Full Name/)).toHaveValue('Anita Nair');
    await expect(page.getByLabel(/^Loan Type/)).toHaveValue('Home Loan');
    expect(seen.asked.sort()).toEqual([...paths].sort());
    expect(await leftOver(page)).toEqual([]);
    expect(seen.refused).toEqual([]);
  });

  test('a signed-out visit asks for nothing early', async ({ page }) => {
    const seen = watch(page, ['/api/accounts/user/', '/api/registration/registration/status/']);
    await page.goto('/login');
    await expect(page.locator('[inert], [data-lp-typeable]')).toHaveCount(0);
    expect(seen.asked).toEqual([]);
    expect(await leftOver(page)).toEqual(['missing']);
    expect(seen.refused).toEqual([]);
  });

  test("the staff dashboard asks for the staff member and the dashboard's figures once each", async ({
    page,
  }) => {
    await loginAsStaff(page);
    await leave(page);
    const paths = ['/api/accounts/user/', '/api/registration/admin/dashboard/'];
    const seen = watch(page, paths);
    await page.goto('/portal-admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Total Applicants')).toBeVisible();
    expect(seen.asked.sort()).toEqual([...paths].sort());
    expect(await leftOver(page)).toEqual([]);
    expect(seen.refused).toEqual([]);
  });
});
