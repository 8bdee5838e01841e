import type { Page } from '@playwright/test';
import {
  acceptConsent,
  checkoutFrame,
  createDraftViaApi,
  PASSWORD,
  signInViaUi,
  signUpViaApi,
  uniquePhone,
} from '../../support/client';
import { expect, test } from '../../support/fixtures';

// Issue 19: under the cheap-phone project's throttling (6x CPU, slow 4G), a person taps twice,
// goes back, and waits on slow answers. Every step taps the moment a button is there.

/** POSTs the page sends to one API path, counted from now on. */
function postsTo(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) {
      seen.push(request.url());
    }
  });
  return seen;
}

/** Fills step 1 of the registration form, the full name too unless told otherwise. */
async function fillPersonal(page: Page, { withName = true } = {}) {
  if (withName) await page.getByLabel(/^Full Name/).fill('Anita Nair');
  await page.getByLabel(/^Contact Number/).fill('9876543210');
  await page.getByLabel(/^Aadhaar Number/).fill('234567890124');
  await page.getByLabel(/^PAN Number/).fill('ABCDE1234F');
  await page.getByLabel(/^Loan Amount/).fill('500000');
  await page.getByLabel(/^Loan Type/).selectOption('Home Loan');
  await page.getByRole('button', { name: 'Next Step' }).click();
}

/** Fills the three steps of the registration form and opens the review dialog. */
async function fillRegistration(page: Page) {
  await fillPersonal(page);
  await page.getByLabel(/^Bank Name/).fill('State Bank of India');
  await page.getByLabel(/^Account Number/).fill('123456789012');
  await page.getByLabel(/^IFSC Code/).fill('SBIN0001234');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByLabel(/^Address/).fill('12 MG Road, Ernakulam');
  await page.getByLabel(/^City/).fill('Kochi');
  await page.getByLabel(/^State/).selectOption('Kerala');
  await page.getByLabel(/^PIN Code/).fill('682011');
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  const review = page.getByRole('dialog', { name: 'Confirm Your Details' });
  await acceptConsent(review);
  return review;
}

test.describe('double taps on a cheap phone send one request', () => {
  test.setTimeout(120_000);

  test('Continue, Send OTP and Sign In →', async ({ page, request, baseURL }) => {
    const codes = postsTo(page, '/api/accounts/otp/send/');
    await page.goto('/signup');
    await page.getByLabel(/^Mobile Number/).fill(uniquePhone());
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).dblclick();
    await expect(page.getByRole('button', { name: 'Verify & Create Account' })).toBeVisible();
    expect(codes).toHaveLength(1);

    const resets = postsTo(page, '/api/accounts/auth/forgot-password/request/');
    await page.goto('/forgot-password');
    await page.getByLabel(/^Mobile Number/).fill(uniquePhone());
    await page.getByRole('button', { name: 'Send OTP' }).dblclick();
    await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeVisible();
    expect(resets).toHaveLength(1);

    const { phone } = await signUpViaApi(request, baseURL!);
    const logins = postsTo(page, '/api/accounts/auth/login/');
    await page.goto('/login');
    await page.getByLabel(/^Mobile Number/).fill(phone);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In →' }).dblclick();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    expect(logins).toHaveLength(1);
  });

  test('Confirm & Submit and Pay ₹199.00 Now', async ({ page, request, baseURL }) => {
    const { phone } = await signUpViaApi(request, baseURL!);
    await signInViaUi(page, phone, PASSWORD);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const review = await fillRegistration(page);
    const profiles = postsTo(page, '/api/registration/profile/');
    await review.getByRole('button', { name: 'Confirm & Submit' }).dblclick();
    await expect(page).toHaveURL(/\/payment$/, { timeout: 20_000 });
    expect(profiles).toHaveLength(1);

    const orders = postsTo(page, '/api/registration/cashfree/create-order/');
    await page.getByRole('button', { name: 'Pay ₹199.00 Now' }).dblclick();
    await checkoutFrame(page).getByRole('button', { name: /^Pay/ }).click({ timeout: 30_000 });
    await expect(page.getByRole('dialog', { name: 'Payment Received' })).toBeVisible({
      timeout: 30_000,
    });
    expect(orders).toHaveLength(1);
  });
});

test.describe('the back button on a cheap phone leaves a working screen', () => {
  test.setTimeout(150_000);

  test('during signup', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create Account' }).click();
    await page.getByLabel(/^Mobile Number/).fill(uniquePhone());
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Verify & Create Account' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In →' })).toBeEnabled();
    await page.goForward();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    // Whatever step it shows, it can be used: a fresh form, or the code boxes.
    await expect(
      page.getByRole('button', { name: /^(Continue|Verify & Create Account)$/ }),
    ).toBeVisible();
  });

  test('during the form and the payment', async ({ page, request, baseURL }) => {
    const { phone, access } = await signUpViaApi(request, baseURL!);
    await signInViaUi(page, phone, PASSWORD);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await page.getByLabel(/^Full Name/).fill('Anita Nair');
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Apply Now' })).toBeEnabled();
    await page.goForward();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Registration Form' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next Step' })).toBeEnabled();

    // Payment: back while the checkout is open, then forward and pay.
    await createDraftViaApi(request, baseURL!, access);
    await page.goto('/status');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Pay ₹199.00 Now' }).click();
    await expect(checkoutFrame(page).getByRole('button', { name: /^Pay/ })).toBeVisible({
      timeout: 30_000,
    });
    await page.goBack();
    await expect(page).toHaveURL(/\/status$/);
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
    await expect(page.locator('iframe[title="Cashfree checkout (simulator)"]')).toHaveCount(0);
    await page.goForward();
    await expect(page).toHaveURL(/\/payment$/);
    await page.getByRole('button', { name: 'Pay ₹199.00 Now' }).click();
    await checkoutFrame(page).getByRole('button', { name: /^Pay/ }).click({ timeout: 30_000 });
    await expect(page.getByRole('dialog', { name: 'Payment Received' })).toBeVisible({
      timeout: 30_000,
    });
  });
});

test.describe('slow answers on a cheap phone', () => {
  test.setTimeout(120_000);

  test('show the busy label, then go on', async ({ page, request, baseURL }) => {
    const { phone } = await signUpViaApi(request, baseURL!);
    // The server answers 3 seconds late, as on a bad connection.
    await page.route('**/api/accounts/auth/login/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel(/^Mobile Number/).fill(phone);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In →' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

    await page.route('**/api/registration/profile/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const review = await fillRegistration(page);
    await review.getByRole('button', { name: 'Confirm & Submit' }).click();
    await expect(review.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await expect(page).toHaveURL(/\/payment$/, { timeout: 20_000 });
  });
});

test('Next Step at 360 px shows the first invalid field and its section below the header', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { phone } = await signUpViaApi(request, baseURL!);
  await signInViaUi(page, phone, PASSWORD);
  await page.getByRole('button', { name: 'Apply Now' }).click();
  // Everything but the first field, then Next Step from the bottom of the form.
  await fillPersonal(page, { withName: false });

  const name = page.getByLabel(/^Full Name/);
  await expect(name).toBeFocused();
  await expect(page.getByText('Full name is required')).toBeVisible();
  const viewport = page.viewportSize()!;
  expect(viewport.width).toBe(360);
  const header = (await page.getByRole('banner').boundingBox())!;
  const title = (await page.getByRole('heading', { level: 2 }).boundingBox())!;
  const field = (await name.boundingBox())!;
  const error = (await page.getByText('Full name is required').boundingBox())!;
  // The section title and the whole field (label, box, error) sit between the header and the
  // bottom of the screen.
  expect(title.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(field.y).toBeGreaterThan(title.y);
  expect(error.y + error.height).toBeLessThanOrEqual(viewport.height);
});
