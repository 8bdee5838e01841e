import type { Page, TestInfo } from '@playwright/test';
import {
  checkoutFrame,
  clickAndSee,
  type OutboxMessage,
  PASSWORD,
  PROFILE,
  readOtp,
  uniquePhone,
} from '../../support/client';
import { expect, test } from '../../support/fixtures';

/** Any Devanagari letter. */
const DEVANAGARI = /[\u0900-\u097F]/;

/** What a 360 px screen may not do: scroll sideways, or cut the text of a heading, button or label. */
interface Overflow {
  frame: string;
  scrollWidth: number;
  clientWidth: number;
  /** How many texts were measured. */
  checked: number;
  clipped: string[];
}

async function overflowOf(page: Page): Promise<Overflow[]> {
  const found: Overflow[] = [];
  for (const frame of page.frames()) {
    const result = await frame
      .evaluate(() => {
        const root = document.documentElement;
        const clipped: string[] = [];
        let checked = 0;
        const texts = document.querySelectorAll<HTMLElement>(
          'h1, h2, h3, h4, button, label, legend, a, th, td, [role="alert"], [role="dialog"] p',
        );
        for (const element of texts) {
          const style = getComputedStyle(element);
          // Inline boxes have no client width, and the visually hidden texts of screen readers
          // (1 px, clipped on purpose) are not meant to be seen.
          if (style.display === 'inline' || element.clientWidth <= 1) continue;
          if (element.getClientRects().length === 0 || !element.textContent?.trim()) continue;
          checked += 1;
          if (
            element.scrollWidth > element.clientWidth + 1 ||
            (style.overflowY !== 'visible' && element.scrollHeight > element.clientHeight + 1)
          ) {
            clipped.push(
              `<${element.tagName.toLowerCase()}> "${element.textContent.trim().slice(0, 60)}" ` +
                `${element.scrollWidth}x${element.scrollHeight} in ${element.clientWidth}x${element.clientHeight}`,
            );
          }
        }
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, checked, clipped };
      })
      .catch(() => null); // a frame navigating away while it is read
    if (result) found.push({ frame: frame.url(), ...result });
  }
  return found;
}

/** Screenshots the screen into the test's output and checks it fits 360 px with no text cut. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // The Devanagari web font must be in before a width is measured or a picture taken.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  const screens = await overflowOf(page);
  expect(screens[0]?.checked, `${name}: headings, buttons and labels measured`).toBeGreaterThan(3);
  for (const screen of screens) {
    expect(
      screen.scrollWidth,
      `${name}: ${screen.frame} scrolls sideways at 360 px`,
    ).toBeLessThanOrEqual(screen.clientWidth);
    expect(screen.clipped, `${name}: text cut off in ${screen.frame}`).toEqual([]);
  }
}

async function outbox(page: Page, baseURL: string, phone: string): Promise<OutboxMessage[]> {
  const response = await page.request.get(`${baseURL}/api/dev/sms-outbox?phone=${phone}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

test.describe('a Hindi reader on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test.setTimeout(120_000);

  test('switches to हिन्दी, signs up, fills the form with its errors, pays and sees the status, all in Hindi', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const phone = uniquePhone();

    // Sign up: the switch comes first, before anything is typed.
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'खाता बनाएँ' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
    await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await checkScreen(page, testInfo, '01-signup');

    await page.getByLabel(/^मोबाइल नंबर/).fill(phone);
    await page.getByLabel(/^पासवर्ड(\s*\*)?$/).fill(PASSWORD);
    await page.getByLabel(/^पासवर्ड की पुष्टि करें/).fill('different1');
    await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
    await expect(page.getByText('पासवर्ड मेल नहीं खाते')).toBeVisible();
    await checkScreen(page, testInfo, '02-signup-error');
    await page.getByLabel(/^पासवर्ड की पुष्टि करें/).fill(PASSWORD);
    const since = new Date(Date.now() - 1000).toISOString();
    await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
    const verify = page.getByRole('button', { name: 'सत्यापित करें और खाता बनाएँ' });
    await expect(verify).toBeDisabled();
    const code = await readOtp(request, baseURL!, phone, since);
    for (const [index, digit] of [...code].entries()) {
      await page.getByLabel(`6 में से अंक ${index + 1}`).press(digit);
    }
    await expect(verify).toBeEnabled();
    await checkScreen(page, testInfo, '03-signup-otp');
    await clickAndSee(page, verify, 'साइन अप सफल रहा! लॉगिन पेज पर ले जा रहे हैं...');

    // Sign in, still in Hindi (the choice is remembered on the device).
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'साइन इन करें' })).toBeVisible();
    await checkScreen(page, testInfo, '04-login');
    await page.getByLabel(/^मोबाइल नंबर/).fill(phone);
    await page.getByLabel(/^पासवर्ड(\s*\*)?$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'साइन इन करें →' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(page.getByRole('banner')).toContainText(phone);
    await expect(page.getByRole('button', { name: 'अभी आवेदन करें' })).toBeVisible();
    await checkScreen(page, testInfo, '05-dashboard');
    await page.getByRole('button', { name: 'अभी आवेदन करें' }).click();

    // Step 1: the errors in Hindi, then fixed.
    await expect(page.getByRole('heading', { level: 1, name: 'पंजीकरण फ़ॉर्म' })).toBeVisible();
    await page.getByRole('button', { name: 'अगला चरण' }).click();
    await expect(page.getByText('पूरा नाम आवश्यक है')).toBeVisible();
    await expect(page.getByText('कृपया ऋण का प्रकार चुनें')).toBeVisible();
    await expect(page.getByLabel(/^पूरा नाम/)).toBeFocused();
    await checkScreen(page, testInfo, '06-step1-errors');
    await page.getByLabel(/^पूरा नाम/).fill(PROFILE.full_name);
    await page.getByLabel(/^संपर्क नंबर/).fill('12345');
    await page.getByLabel(/^आधार नंबर/).fill(PROFILE.aadhaar_number);
    await page.getByLabel(/^पैन नंबर/).fill(PROFILE.pan_number);
    await page.getByLabel(/^ऋण राशि/).fill(PROFILE.loan_amount);
    await page.getByLabel(/^ऋण का प्रकार/).selectOption({ label: 'होम लोन' });
    await page.getByRole('button', { name: 'अगला चरण' }).click();
    await expect(page.getByText('कृपया सही 10 अंकों का मोबाइल नंबर दर्ज करें')).toBeVisible();
    await expect(page.getByText('पूरा नाम आवश्यक है')).toBeHidden();
    await checkScreen(page, testInfo, '07-step1-mobile-error');
    await page.getByLabel(/^संपर्क नंबर/).fill(PROFILE.contact_number);
    await page.getByRole('button', { name: 'अगला चरण' }).click();

    // Step 2.
    await expect(page.getByRole('heading', { level: 2, name: 'बैंक की जानकारी' })).toBeVisible();
    await page.getByLabel(/^बैंक का नाम/).fill(PROFILE.bank_name);
    await page.getByLabel(/^खाता संख्या/).fill(PROFILE.account_number);
    await page.getByLabel(/^IFSC कोड/).fill(PROFILE.ifsc_code);
    await page.getByLabel(/^IFSC कोड/).blur();
    await checkScreen(page, testInfo, '08-step2');
    await page.getByRole('button', { name: 'अगला चरण' }).click();

    // Step 3.
    await expect(page.getByRole('heading', { level: 2, name: 'पते की जानकारी' })).toBeVisible();
    await expect(page.getByLabel(/^राज्य/)).toHaveValue(PROFILE.state);
    await page.getByLabel(/^पता/).fill(PROFILE.full_address);
    await page.getByLabel(/^वैकल्पिक संपर्क नंबर/).fill(PROFILE.alternative_contact_number);
    await page.getByLabel(/^शहर/).fill(PROFILE.city);
    await page.getByLabel(/^पिन कोड/).fill(PROFILE.pin_code);
    await checkScreen(page, testInfo, '09-step3');
    await page.getByRole('button', { name: 'पंजीकरण पूरा करें' }).click();

    // Review, with the consent the submit waits for.
    const review = page.getByRole('dialog', { name: 'अपने विवरण की पुष्टि करें' });
    await expect(review).toContainText('जमा करने से पहले कृपया अपनी जानकारी जाँच लें।');
    await expect(review).toContainText('₹5,00,000');
    await review.getByRole('checkbox', { name: /^मैं सहमत हूँ/ }).check();
    const submit = review.getByRole('button', { name: 'पुष्टि करें और जमा करें' });
    await expect(submit).toBeEnabled();
    await checkScreen(page, testInfo, '10-review');
    await submit.click();

    // The ₹199 fee, through the simulator's checkout, which is in Hindi too.
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'अपना भुगतान पूरा करें' })).toBeVisible();
    await expect(page.getByText('आवेदन शुल्क', { exact: true })).toBeVisible();
    const pay = page.getByRole('button', { name: 'अभी ₹199.00 का भुगतान करें' });
    await expect(pay).toBeVisible();
    await checkScreen(page, testInfo, '11-payment');
    await pay.click();
    const checkout = checkoutFrame(page);
    const checkoutPay = checkout.getByRole('button', { name: '₹199.00 का भुगतान करें' });
    await expect(checkoutPay).toBeVisible({ timeout: 20_000 });
    await expect(checkout.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(checkout.getByText('भुगतान का तरीका')).toBeVisible();
    await expect(checkout.getByText('क्रेडिट कार्ड')).toBeVisible();
    await checkScreen(page, testInfo, '12-checkout');
    await checkoutPay.click();

    const received = page.getByRole('dialog', { name: 'भुगतान प्राप्त हुआ' });
    await expect(received).toBeVisible({ timeout: 30_000 });
    await expect(received).toContainText('पूरा हुआ');

    // The status page, paid, in Hindi.
    await expect(page).toHaveURL(/\/status$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'आवेदन जमा हो गया' })).toBeVisible();
    await expect(page.getByText('भुगतान प्राप्त हुआ। आपके आवेदन पर कार्रवाई की जा रही है।')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('होम लोन');
    await expect(main).toContainText('₹5,00,000');
    await expect(main).toContainText(PROFILE.ifsc_code);
    await checkScreen(page, testInfo, '13-status');

    // Every SMS the number got is in Hindi: the sign-up code and, once paid, the fee's receipt.
    await expect
      .poll(async () => (await outbox(page, baseURL!, phone)).length, {
        message: 'the sign-up code and the payment SMS in the outbox',
      })
      .toBeGreaterThanOrEqual(2);
    const messages = await outbox(page, baseURL!, phone);
    for (const message of messages) expect(message.body).toMatch(DEVANAGARI);
    const signupCode = messages.find((m) => m.code === code);
    expect(signupCode?.body).toContain(`${code} आपका`);
    expect(messages.some((m) => m.body.includes('का शुल्क हमें मिल गया है'))).toBe(true);
  });
});
