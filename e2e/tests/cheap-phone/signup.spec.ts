import { clickAndSee, PASSWORD, readOtp, uniquePhone } from '../../support/client';
import { expect, test } from '../../support/fixtures';

test.describe('sign up on a cheap phone', () => {
  test('a number typed the moment /signup shows its form is kept', async ({
    page,
    request,
    baseURL,
  }) => {
    const phone = uniquePhone();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create Account' }).click();
    // No wait for the page: the person types as soon as a Mobile Number field is there.
    await page.getByLabel(/^Mobile Number/).fill(phone);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(`Enter the 6-digit code sent to ${phone}.`)).toBeVisible();
    const code = await readOtp(request, baseURL!, phone);
    for (const [index, digit] of [...code].entries()) {
      await page.getByLabel(`Digit ${index + 1} of 6`).press(digit);
    }
    await clickAndSee(
      page,
      page.getByRole('button', { name: 'Verify & Create Account' }),
      'Signup successful! Redirecting to login...',
    );
    await expect(page).toHaveURL(/\/login$/);
  });
});
