import {
  acceptConsent,
  checkoutFrame,
  clickAndSee,
  PASSWORD,
  readOtp,
  signInViaUi,
  uniquePhone,
} from '../../support/client';
import { expect, test } from '../../support/fixtures';

test.describe('a new client applies and pays', () => {
  test.setTimeout(180_000);

  test('sign up -> sign in -> register with corrections -> pay -> status shows paid', async ({
    page,
    request,
    baseURL,
  }) => {
    const phone = uniquePhone();

    // Sign up with the code from the dev SMS outbox.
    await page.goto('/login');
    await expect(page.getByText('Loans made easy, secure & fast.')).toBeVisible();
    await expect(page.getByText('Secure', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    await page.getByLabel(/^Mobile Number/).fill(phone);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm Password/).fill('different1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    const verify = page.getByRole('button', { name: 'Verify & Create Account' });
    await expect(verify).toBeDisabled();
    const code = await readOtp(request, baseURL!, phone);
    for (const [index, digit] of [...code].entries()) {
      await page.getByLabel(`Digit ${index + 1} of 6`).press(digit);
    }
    await expect(verify).toBeEnabled();
    await clickAndSee(page, verify, 'Signup successful! Redirecting to login...');
    await expect(page).toHaveURL(/\/login$/);

    // Sign in: a wrong password first, then the right one.
    await page.getByLabel(/^Mobile Number/).fill(phone);
    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In →' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await signInViaUi(page, phone, PASSWORD);

    // Dashboard without an application.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Loans made easy, secure & fast' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply for your application' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check Eligibility' })).toBeVisible();
    await page.getByRole('button', { name: 'Contact Support' }).click();
    const support = page.getByRole('dialog', { name: 'Contact Support' });
    const config = await (await request.get('/config.json')).json();
    await expect(support).toContainText(config.supportEmail);
    await expect(support).toContainText(config.supportPhone);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply Now' }).click();

    // Step 1: errors shown, then fixed.
    await expect(page.getByRole('heading', { level: 1, name: 'Registration Form' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next Step' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Please select a loan type')).toBeVisible();
    await expect(page.getByLabel(/^Full Name/)).toBeFocused();
    await page.getByLabel(/^Full Name/).fill('Anita Nair');
    await page.getByLabel(/^Contact Number/).fill('12345');
    await page.getByLabel(/^Aadhaar Number/).fill('234567890124');
    await page.getByLabel(/^PAN Number/).fill('abcde1234f');
    await page.getByLabel(/^Loan Amount/).fill('500000');
    await page.getByLabel(/^Loan Type/).selectOption('Home Loan');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await expect(page.getByText('Please enter a valid 10-digit mobile number')).toBeVisible();
    await expect(page.getByLabel(/^Contact Number/)).toBeFocused();
    await expect(page.getByText('Full name is required')).toBeHidden();
    await page.getByLabel(/^Contact Number/).fill('9876543210');
    await page.getByRole('button', { name: 'Next Step' }).click();

    // Step 2.
    await expect(page.getByRole('heading', { level: 2, name: 'Bank Information' })).toBeVisible();
    await page.getByLabel(/^Bank Name/).fill('State Bank of India');
    await page.getByLabel(/^Account Number/).fill('123456789012');
    await page.getByLabel(/^IFSC Code/).fill('SBIN0001234');
    await page.getByLabel(/^IFSC Code/).blur();
    await page.getByRole('button', { name: 'Next Step' }).click();

    // Step 3.
    await expect(
      page.getByRole('heading', { level: 2, name: 'Address Information' }),
    ).toBeVisible();
    await expect(page.getByLabel(/^State/)).toHaveValue('Kerala');
    await page.getByLabel(/^Address/).fill('12 MG Road, Ernakulam');
    await page.getByLabel(/^Alternative Contact Number/).fill('9123456780');
    await page.getByLabel(/^City/).fill('Kochi');
    await page.getByLabel(/^PIN Code/).fill('682011');
    await page.getByRole('button', { name: 'Complete Registration' }).click();

    // Review.
    const review = page.getByRole('dialog', { name: 'Confirm Your Details' });
    await expect(review).toContainText('Please review your information before submitting.');
    await expect(review).toContainText('2345 6789 0124');
    await expect(review).toContainText('₹5,00,000');
    await expect(review).toContainText('SBIN0001234');
    await acceptConsent(review);
    await review.getByRole('button', { name: 'Confirm & Submit' }).click();

    // Payment through the simulator's modal checkout.
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByText('Application Fee', { exact: true })).toBeVisible();
    await expect(page.getByText('₹199.00').first()).toBeVisible();
    for (const method of ['Credit Cards', 'Debit Cards', 'UPI', 'Net Banking']) {
      await expect(page.getByText(method, { exact: true })).toBeVisible();
    }
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/payments-simulator/cashfree.js')) scripts.push(r.url());
    });
    expect(scripts).toEqual([]);
    await page.getByRole('button', { name: 'Pay ₹199.00 Now' }).click();
    await expect(page.getByRole('button', { name: 'Processing Payment...' })).toBeVisible();
    const checkout = checkoutFrame(page);
    await checkout.getByRole('button', { name: /^Pay/ }).click();
    expect(scripts).toHaveLength(1);

    const received = page.getByRole('dialog', { name: 'Payment Received' });
    await expect(received).toBeVisible({ timeout: 30_000 });
    await expect(received).toContainText('Payment ID');
    await expect(received).toContainText(/Order ID\s*\S+/);
    await expect(received).toContainText('Completed');
    await expect(received).toContainText(/Redirecting to status page in [1-5] s\.\.\./);

    // Status, paid, with every detail.
    await expect(page).toHaveURL(/\/status$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Application Submitted' })).toBeVisible();
    await expect(page.getByText(/Submitted on \d{1,2} \w{3} \d{4}/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toHaveCount(0);
    const main = page.getByRole('main');
    for (const text of [
      'Anita Nair',
      '2345 6789 0124',
      'ABCDE1234F',
      'State Bank of India',
      '123456789012',
      'SBIN0001234',
      '12 MG Road, Ernakulam',
      'Kochi',
      'Kerala',
      '682011',
      '9876543210',
      '9123456780',
      '₹5,00,000',
      'Home Loan',
    ]) {
      await expect(main).toContainText(text);
    }
    await expect(main).not.toContainText('N/A');

    // The dashboard knows too, and no longer offers to apply.
    await page.getByRole('link', { name: '← Back to Dashboard' }).click();
    await expect(page.getByText('Payment received')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
  });
});
