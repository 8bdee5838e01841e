import { signUpViaApi } from '../../support/client';
import { expect, test } from '../../support/fixtures';

test.describe('sign in on a cheap phone', () => {
  test('a number and password typed the moment /login is painted are kept, and sign in', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await signUpViaApi(request, baseURL!);
    await page.goto('/login', { waitUntil: 'commit' });
    // No wait for the page's scripts: the copy the HTML painted takes the typing (issue 17), and
    // the form the portal renders over it keeps what was typed.
    await page.getByLabel(/^Mobile Number/).fill(account.phone);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign In →' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('banner')).toContainText(account.phone);
  });
});
