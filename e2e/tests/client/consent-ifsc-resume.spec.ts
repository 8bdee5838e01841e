import type { Page } from '@playwright/test';
import { PASSWORD, signInViaUi, signUpViaApi } from '../../support/client';
import { expect, test } from '../../support/fixtures';

// Issue 18: consent before submitting, the IFSC checked against RBI's list, a form that resumes.

/** Fills step 1 and moves to 'Bank Information'. */
async function fillPersonal(page: Page) {
  await page.getByLabel(/^Full Name/).fill('Anita Nair');
  await page.getByLabel(/^Contact Number/).fill('9876543210');
  await page.getByLabel(/^Aadhaar Number/).fill('234567890124');
  await page.getByLabel(/^PAN Number/).fill('ABCDE1234F');
  await page.getByLabel(/^Loan Amount/).fill('500000');
  await page.getByLabel(/^Loan Type/).selectOption('Home Loan');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bank Information' })).toBeVisible();
}

const NOT_FOUND = "IFSC not found in RBI's list. Please check it.";

test.describe('trust and convenience in the registration form', () => {
  test.setTimeout(120_000);

  test('IFSC fills the bank name, warns for a code missing from the list; consent is required', async ({
    page,
    request,
    baseURL,
  }) => {
    const { phone } = await signUpViaApi(request, baseURL!);
    await signInViaUi(page, phone, PASSWORD);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await fillPersonal(page);

    // A code in RBI's list names its bank; the name stays editable.
    const bank = page.getByLabel(/^Bank Name/);
    const ifsc = page.getByLabel(/^IFSC Code/);
    await page.getByLabel(/^Account Number/).fill('123456789012');
    await ifsc.fill('hdfc0000001');
    await expect(ifsc).toHaveValue('HDFC0000001');
    await expect(bank).toHaveValue('HDFC Bank');
    await expect(page.getByText(NOT_FOUND)).toBeHidden();
    await bank.fill('HDFC Bank, Kochi');

    // A well-formed code that is not listed: a warning, and Next Step waits for a confirmation.
    await ifsc.fill('SBIN0999999');
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await expect(ifsc).toHaveAccessibleDescription(new RegExp(NOT_FOUND.replace(/[.']/g, '.')));
    await expect(bank).toHaveValue('HDFC Bank, Kochi');
    await page.getByRole('button', { name: 'Next Step' }).click();
    const checked = page.getByRole('checkbox', { name: 'I have checked it' });
    await expect(checked).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'Bank Information' })).toBeVisible();
    await checked.check();
    await page.getByRole('button', { name: 'Next Step' }).click();

    await expect(
      page.getByRole('heading', { level: 2, name: 'Address Information' }),
    ).toBeVisible();
    await page.getByLabel(/^Address/).fill('12 MG Road, Ernakulam');
    await page.getByLabel(/^City/).fill('Kochi');
    await page.getByLabel(/^PIN Code/).fill('682011');
    await page.getByRole('button', { name: 'Complete Registration' }).click();

    // Consent: unticked, with its purpose; Confirm & Submit waits for it.
    const review = page.getByRole('dialog', { name: 'Confirm Your Details' });
    const consent = review.getByRole('checkbox', {
      name: /used for my loan application and its verification/,
    });
    await expect(consent).not.toBeChecked();
    const submit = review.getByRole('button', { name: 'Confirm & Submit' });
    await expect(submit).toBeDisabled();
    await expect(review.getByRole('link', { name: 'Read the privacy notice' })).toBeVisible();
    await consent.check();
    await submit.click();
    await expect(page).toHaveURL(/\/payment$/, { timeout: 20_000 });

    // The server kept its own verdict on the IFSC; consent went with the profile.
    const config = await (await request.get('/config.json')).json();
    expect(config.privacyNoticeVersion).toEqual(expect.any(String));
    const application = await page.evaluate(async () => {
      const token = localStorage.getItem('client_access_token');
      const res = await fetch('/api/registration/application/', {
        headers: { authorization: `Bearer ${token}` },
      });
      return res.json();
    });
    expect(application.profile).toMatchObject({
      ifsc_code: 'SBIN0999999',
      bank_name: 'HDFC Bank, Kochi',
    });
  });

  test('a form started in one browser continues in another', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const { phone } = await signUpViaApi(request, baseURL!);
    await signInViaUi(page, phone, PASSWORD);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/registration/draft/') &&
        response.request().method() === 'PUT' &&
        (response.request().postDataJSON() as { step: number }).step === 1,
    );
    await fillPersonal(page);
    await page.getByLabel(/^Account Number/).fill('50100123456789');
    expect((await saved).status()).toBe(200);

    // Another device: a fresh browser context with its own sign-in.
    const other = await browser.newContext({ baseURL });
    try {
      const second = await other.newPage();
      await signInViaUi(second, phone, PASSWORD);
      await second.getByRole('button', { name: 'Apply Now' }).click();
      await expect(
        second.getByRole('heading', { level: 2, name: 'Bank Information' }),
      ).toBeVisible();
      const movedBack = second.waitForResponse(
        (response) =>
          response.url().endsWith('/api/registration/draft/') &&
          response.request().method() === 'PUT' &&
          (response.request().postDataJSON() as { step: number }).step === 0,
      );
      await second.getByRole('button', { name: 'Previous' }).click();
      await expect(second.getByLabel(/^Full Name/)).toHaveValue('Anita Nair');
      await expect(second.getByLabel(/^Aadhaar Number/)).toHaveValue('2345 6789 0124');
      await expect(second.getByLabel(/^Loan Type/)).toHaveValue('Home Loan');

      // A reload continues too, at the step last saved.
      expect((await movedBack).status()).toBe(200);
      await second.reload();
      await expect(
        second.getByRole('heading', { level: 2, name: 'Personal Information' }),
      ).toBeVisible();
      await expect(second.getByLabel(/^Full Name/)).toHaveValue('Anita Nair');
    } finally {
      await other.close();
    }
  });
});
