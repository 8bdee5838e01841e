import { clickAndSee, readOtp, signInViaUi, signUpViaApi } from '../../support/client';
import { expect, test } from '../../support/fixtures';

test('forgot password -> code -> reset -> sign in with the new password', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await signUpViaApi(request, baseURL!);
  const signupSent = new Date().toISOString();

  // Without navigation state the reset screen sends the user back.
  await page.goto('/forgot-password/reset');
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel(/^Mobile Number/).fill(account.phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();

  // 'Use Different Number' returns to step 1 with the number kept.
  await page.getByRole('button', { name: 'Use Different Number' }).click();
  await expect(page.getByLabel(/^Mobile Number/)).toHaveValue(account.phone);
  // The server's resend cooldown (1 s in this run) may answer first; its message is shown.
  await expect(async () => {
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  const code = await readOtp(request, baseURL!, account.phone, signupSent);
  // A wrong code first: the server's message is shown.
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.insertText(wrong);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await page.getByLabel('Digit 1 of 6').click();
  for (const [index, digit] of [...code].entries()) {
    await page.getByLabel(`Digit ${index + 1} of 6`).fill(digit);
  }
  await clickAndSee(
    page,
    page.getByRole('button', { name: 'Verify OTP' }),
    'OTP verified successfully!',
  );
  await expect(page).toHaveURL(/\/forgot-password\/reset$/);

  await expect(page.getByText('At least 6 characters; both passwords must match.')).toBeVisible();
  await page.getByLabel(/^New Password/).fill('newpass1');
  await page.getByLabel(/^Confirm Password/).fill('newpass2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel(/^Confirm Password/).fill('newpass1');
  await clickAndSee(
    page,
    page.getByRole('button', { name: 'Reset Password' }),
    'Password reset successfully! Redirecting to login...',
  );
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel(/^Mobile Number/).fill(account.phone);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign In →' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await signInViaUi(page, account.phone, 'newpass1');
});
