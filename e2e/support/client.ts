import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** Limits raised for a server a client journey starts itself (the shared one already has them). */
export const CLIENT_SERVER_ENV: Record<string, string> = {
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  OTP_MAX_PER_IP_PER_HOUR: '10000',
  OTP_MAX_PER_NUMBER_PER_HOUR: '100',
  OTP_RESEND_COOLDOWN_SECONDS: '1',
};

let sequence = 0;

/** A mobile number no other test uses: 9, then 9 digits from the clock, pid and a counter. */
export function uniquePhone(): string {
  sequence += 1;
  const digits = `${Date.now() % 1_000_000}${process.pid % 100}${sequence % 10}`;
  return `9${digits.padStart(9, '0').slice(-9)}`;
}

export const PASSWORD = 'secret123';

export interface OutboxMessage {
  to: string;
  body: string;
  code: string;
  sent_at: string;
}

/** The newest one-time code sent to `phone` after `since` (ISO time), from the dev SMS outbox. */
export async function readOtp(
  request: APIRequestContext,
  baseURL: string,
  phone: string,
  since = '',
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`${baseURL}/api/dev/sms-outbox?phone=${phone}`);
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        const newest = messages.find((m) => m.sent_at > since);
        code = newest?.code ?? '';
        return code;
      },
      { message: `an SMS to ${phone} in the dev outbox`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** Creates a client account through the API (code from the outbox); returns its access token. */
export async function signUpViaApi(
  request: APIRequestContext,
  baseURL: string,
  phone = uniquePhone(),
  password = PASSWORD,
): Promise<{ phone: string; password: string; access: string }> {
  const sent = await request.post(`${baseURL}/api/accounts/otp/send/`, { data: { mobile: phone } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const otp = await readOtp(request, baseURL, phone);
  const signup = await request.post(`${baseURL}/api/accounts/signup/`, {
    data: { phone_number: phone, password, otp },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const { access } = (await signup.json()) as { access: string };
  return { phone, password, access };
}

export const PROFILE = {
  full_name: 'Anita Nair',
  contact_number: '9876543210',
  alternative_contact_number: '9123456780',
  aadhaar_number: '234567890124',
  pan_number: 'ABCDE1234F',
  bank_name: 'State Bank of India',
  account_number: '123456789012',
  ifsc_code: 'SBIN0001234',
  full_address: '12 MG Road, Ernakulam',
  city: 'Kochi',
  state: 'Kerala',
  pin_code: '682011',
  loan_type: 'Home Loan',
  loan_amount: '500000',
};

/** The privacy notice in force (/config.json): a profile must name it to be accepted. */
export async function privacyNoticeVersion(
  request: APIRequestContext,
  baseURL: string,
): Promise<string> {
  const config = (await (await request.get(`${baseURL}/config.json`)).json()) as {
    privacyNoticeVersion: string;
  };
  return config.privacyNoticeVersion;
}

/**
 * Ticks the consent box of the 'Confirm Your Details' dialog, which keeps 'Confirm & Submit'
 * disabled until then (issue 18).
 */
export async function acceptConsent(review: Locator): Promise<void> {
  await review.getByRole('checkbox', { name: /^I agree/ }).check();
  await expect(review.getByRole('button', { name: 'Confirm & Submit' })).toBeEnabled();
}

/** Submits the registration profile through the API: the account then has a draft application. */
export async function createDraftViaApi(
  request: APIRequestContext,
  baseURL: string,
  access: string,
): Promise<void> {
  const response = await request.post(`${baseURL}/api/registration/profile/`, {
    data: { ...PROFILE, consent_notice_version: await privacyNoticeVersion(request, baseURL) },
    headers: { authorization: `Bearer ${access}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signInViaUi(
  page: Page,
  phone: string,
  password: string,
  origin?: string,
): Promise<void> {
  await page.goto(origin ? `${origin}/login` : '/login');
  await page.getByLabel(/^Mobile Number/).fill(phone);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In →' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('banner')).toContainText(phone);
}

/** The simulator's checkout, opened by the payment screen in a modal iframe. */
export function checkoutFrame(page: Page) {
  return page.frameLocator('iframe[title="Cashfree checkout (simulator)"]');
}

/**
 * Clicks `button` and expects `text` to show. The spec's success messages stay only 1 or 2
 * seconds before the redirect, and Playwright's visibility polls, on a slow phone on a busy
 * machine, could fall on either side of that window (the message was found "hidden" while
 * React was still laying it out, then gone). So the page itself watches, from before the click:
 * a MutationObserver notes the first moment an element reading exactly `text` is rendered.
 */
export async function clickAndSee(page: Page, button: Locator, text: string): Promise<void> {
  const seen = page.evaluate((wanted) => {
    const rendered = () =>
      Array.from(document.body.querySelectorAll('*')).some(
        (element) =>
          element.childElementCount === 0 &&
          element.textContent?.trim() === wanted &&
          element.getClientRects().length > 0,
      );
    return new Promise<true>((resolve) => {
      if (rendered()) return resolve(true);
      const observer = new MutationObserver(() => {
        if (!rendered()) return;
        observer.disconnect();
        resolve(true);
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, text);
  await button.click();
  await expect(
    Promise.race([
      seen,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`"${text}" was never shown`)), 30_000),
      ),
    ]),
  ).resolves.toBe(true);
}
