import { clickAndSee, PASSWORD, readOtp, signUpViaApi, uniquePhone } from '../../support/client';
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

  test('a number typed the moment /forgot-password shows its form is kept', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await signUpViaApi(request, baseURL!);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    // No wait for the heading: typed as soon as the field is there, as the issue saw it wiped.
    await page.getByLabel(/^Mobile Number/).fill(account.phone);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeVisible();
    await expect(page.getByText('Phone number is required')).toHaveCount(0);
  });
});
