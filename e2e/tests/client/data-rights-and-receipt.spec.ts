import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { createApplicant, loginAsStaff, randomWord } from '../../support/admin';
import { checkoutFrame, signInViaUi } from '../../support/client';
import { expect, test } from '../../support/fixtures';

// Issue 18: the fee's PDF receipt, a copy of the client's data, and erasure.
test.describe.configure({ timeout: 120_000 });

/** The text of a downloaded PDF, as Debian's pdftotext reads it. */
async function pdfText(download: Download): Promise<string> {
  const file = await download.path();
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test('the receipt downloads from the Payment Received modal and from the status page', async ({
  page,
  request,
}) => {
  const applicant = await createApplicant(request, randomWord(8));
  await signInViaUi(page, applicant.phone, applicant.password);
  await page.goto('/payment');
  await page.getByRole('button', { name: 'Pay ₹199.00 Now' }).click();
  await checkoutFrame(page).getByRole('button', { name: /^Pay/ }).click();

  const received = page.getByRole('dialog', { name: 'Payment Received' });
  await expect(received).toBeVisible({ timeout: 30_000 });
  const paymentId =
    (await received.locator('dt:text-is("Payment ID") + dd').textContent())?.trim() ?? '';
  const orderId =
    (await received.locator('dt:text-is("Order ID") + dd').textContent())?.trim() ?? '';
  const [fromModal] = await Promise.all([
    page.waitForEvent('download'),
    received.getByRole('button', { name: 'Download receipt' }).click(),
  ]);
  expect(fromModal.suggestedFilename()).toMatch(/^receipt-RCPT-\d{4}-\d{6}\.pdf$/);
  const text = await pdfText(fromModal);
  const { productName } = await (await request.get('/config.json')).json();
  expect(text).toContain(productName);
  expect(text).toMatch(/Receipt number RCPT-\d{4}-\d{6}/);
  expect(text).toContain('₹199.00');
  expect(text).toContain(paymentId);
  expect(text).toContain(orderId);
  expect(text).toMatch(/Paid on\s+\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) IST/);
  expect(text).toContain(applicant.fullName);
  expect(text).toContain(`XXXXXX${applicant.phone.slice(-4)}`);
  expect(text).not.toContain(applicant.phone);

  // The modal's countdown still takes the client to the status page, which offers it again.
  await expect(page).toHaveURL(/\/status$/, { timeout: 15_000 });
  const [fromStatus] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download receipt' }).click(),
  ]);
  expect(fromStatus.suggestedFilename()).toBe(fromModal.suggestedFilename());
  expect(await pdfText(fromStatus)).toContain(paymentId);
});

test('a client downloads their data, then erases it: sign-in fails and staff see "Erased"', async ({
  page,
  browser,
  request,
}) => {
  const applicant = await createApplicant(request, randomWord(8));
  await signInViaUi(page, applicant.phone, applicant.password);
  await page.getByRole('button', { name: 'Manage your data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(data.account.phone_number).toBe(applicant.phone);
  expect(data.application.profile).toMatchObject({
    full_name: applicant.fullName,
    aadhaar_number: '704074412513',
    account_number: '50100123456789',
  });
  const registrationId = data.application.application_id as number;

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(/^Password/).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is incorrect.');
  await dialog.getByLabel(/^Password/).fill(applicant.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(/Your personal data has been erased/)).toBeVisible();
  await page.getByRole('button', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old number and password no longer open anything.
  await page.getByLabel(/^Mobile Number/).fill(applicant.phone);
  await page.getByLabel(/^Password/).fill(applicant.password);
  await page.getByRole('button', { name: 'Sign In →' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid credentials, please try again.');
  await expect(page).toHaveURL(/\/login$/);

  // Staff: "Erased" in the list and on the applicant page.
  const staff = await browser.newPage();
  await loginAsStaff(staff);
  await staff.goto(`/portal-admin/applicants/${registrationId}`);
  await expect(staff.getByRole('main')).toContainText('Erased', { timeout: 30_000 });
  await expect(staff.getByRole('main')).not.toContainText(applicant.fullName);
  await staff.goto('/portal-admin/applicants');
  await staff.getByRole('searchbox', { name: 'Search' }).fill('Erased');
  await expect(staff.getByRole('row', { name: /Erased/ }).first()).toBeVisible({
    timeout: 30_000,
  });
  await staff.close();
});
