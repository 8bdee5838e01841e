import { checkoutFrame, createDraftViaApi, signInViaUi, signUpViaApi } from '../../support/client';
import { expect, test } from '../../support/fixtures';

test('a failed payment says so in the page and leaves the application draft', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await signUpViaApi(request, baseURL!);
  await createDraftViaApi(request, baseURL!, account.access);
  await signInViaUi(page, account.phone, account.password);

  await expect(page.getByText('Application saved as draft')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue application' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Pending' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  page.on('dialog', () => {
    throw new Error('failures must be shown in the page, not in window.alert');
  });
  await page.getByRole('button', { name: 'Pay ₹199.00 Now' }).click();
  await checkoutFrame(page).getByRole('button', { name: 'Fail payment' }).click();
  await expect(page.getByRole('alert')).toHaveText('Payment failed with status: FAILED', {
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Pay ₹199.00 Now' })).toBeEnabled();

  await page.goto('/status');
  await expect(page.getByRole('heading', { name: 'Payment Pending' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('Application saved as draft')).toBeVisible();
});

test('the payment screen sends a client without a draft back to the dashboard', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await signUpViaApi(request, baseURL!);
  await signInViaUi(page, account.phone, account.password);
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/status');
  await expect(page).toHaveURL(/\/register$/);
});
