import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, randomPhone } from '../../test/sessions';
import { users } from '../accounts/tables';
import { clientWithApplication, transition } from '../applications/test-support';
import { clientWithDraft } from '../payments/test-support';
import { validPayload } from '../registration/test-support';
import { localize, messageIds, t as translate } from './translator';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SIMULATOR_SECRET: 'simulator-secret-for-tests-0123456789' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

const outbox = async (phone: string) =>
  (await t.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` })).json().messages as {
    body: string;
  }[];

describe('validation and error messages in the caller language', () => {
  it('Accept-Language: hi gets the profile form messages in Hindi', async () => {
    const client = await createClientSession(t);
    const res = await post(
      '/api/registration/profile/',
      validPayload({ full_name: 'A', pan_number: 'abc', loan_amount: '', ifsc_code: '' }),
      { ...client.headers, 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('कृपया चिह्नित फ़ील्ड जाँचें।');
    expect(body.errors).toMatchObject({
      full_name: 'कम से कम 2 अक्षर',
      pan_number: 'कृपया सही पैन दर्ज करें',
      loan_amount: 'ऋण राशि आवश्यक है',
      ifsc_code: 'IFSC कोड आवश्यक है',
    });
  });

  it('answers in English, as before, without Accept-Language or with en', async () => {
    const client = await createClientSession(t);
    for (const language of [undefined, 'en-IN', 'fr']) {
      const res = await post(
        '/api/registration/profile/',
        validPayload({ full_name: 'A', loan_amount: '' }),
        { ...client.headers, ...(language ? { 'accept-language': language } : {}) },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please check the highlighted fields.');
      expect(res.json().errors).toMatchObject({
        full_name: 'Minimum 2 characters',
        loan_amount: 'Loan amount is required',
      });
    }
  });

  it('a body that fails the JSON schema gets every field in the caller language', async () => {
    // The simulator's checkout answer: outcome is required, payment_group is a string.
    const url = '/payments-simulator/sessions/session_0123456789abcdef/complete';
    const payload = { payment_group: { method: 'upi', card: '4111111111111111' } };
    const hindi = await post(url, payload, { 'accept-language': 'hi' });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json()).toEqual({
      message: 'कृपया चिह्नित फ़ील्ड जाँचें।',
      errors: { outcome: 'यह फ़ील्ड आवश्यक है', payment_group: 'टेक्स्ट होना चाहिए' },
    });
    const english = await post(url, payload, { 'accept-language': 'en-IN' });
    expect(english.json()).toEqual({
      message: 'Please check the highlighted fields.',
      errors: { outcome: 'This field is required', payment_group: 'Must be a string' },
    });
    expect(hindi.body + english.body).not.toMatch(/4111|upi|must/);
    // An enum names the choices of the schema, never the value sent.
    const wrongChoice = await post(url, { outcome: 'MAYBE' }, { 'accept-language': 'hi' });
    expect(wrongChoice.json().errors).toEqual({
      outcome: 'इनमें से एक होना चाहिए: SUCCESS, FAILED, USER_DROPPED',
    });
  });

  it('translates the sign-in form and the server own errors', async () => {
    const hi = { 'accept-language': 'hi' };
    const empty = await post('/api/accounts/auth/login/', {}, hi);
    expect(empty.json()).toEqual({
      message: 'मोबाइल नंबर आवश्यक है',
      errors: { mobile: 'मोबाइल नंबर आवश्यक है', password: 'पासवर्ड आवश्यक है' },
    });
    const wrong = await post(
      '/api/accounts/auth/login/',
      { mobile: randomPhone(), password: 'not-the-password' },
      hi,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('मोबाइल नंबर या पासवर्ड गलत है, कृपया फिर से प्रयास करें।');
    const anonymous = await t.app.inject({ url: '/api/accounts/user/', headers: hi });
    expect(anonymous.json().message).toBe('आप साइन इन नहीं हैं, या आपका साइन-इन मान्य नहीं है।');
  });

  it('translates answers whose text carries a number', () => {
    expect(localize('hi', 'Invalid OTP. Please try again. 2 attempts remaining.')).toBe(
      'ओटीपी गलत है। कृपया फिर से प्रयास करें। 2 प्रयास बाकी हैं।',
    );
    expect(
      localize(
        'hi',
        'Too many failed sign-in attempts. Please try again in 15 minutes, or reset your password.',
      ),
    ).toBe(
      'साइन इन के बहुत अधिक असफल प्रयास हुए। कृपया 15 मिनट बाद फिर से प्रयास करें, या अपना पासवर्ड रीसेट करें।',
    );
    // The limits of a JSON schema's field messages, as English writes them.
    expect(localize('hi', 'Maximum 1,000 characters')).toBe('अधिकतम 1000 अक्षर');
    expect(localize('hi', 'Minimum 1 character')).toBe('कम से कम 1 अक्षर');
    expect(localize('hi', 'Must be at most 100')).toBe('अधिकतम 100 होना चाहिए');
    expect(translate('en', 'server.validation.maxLength', { limit: 1 })).toBe(
      'Maximum 1 character',
    );
    expect(localize('hi', 'Something went wrong on our side. Reference: abc-123')).toBe(
      'हमारी ओर से कोई गड़बड़ी हुई। संदर्भ: abc-123',
    );
    // English stays word for word, including the plural the old code wrote.
    expect(translate('en', 'server.otpInvalidAttemptsLeft', { left: 1 })).toBe(
      'Invalid OTP. Please try again. 1 attempt remaining.',
    );
    expect(localize('hi', 'Some text nobody translated')).toBe('Some text nobody translated');
  });

  it('has a Hindi text for every message id', () => {
    for (const id of messageIds()) {
      expect(translate('hi', id, {}), id).not.toBe(id);
    }
  });
});

describe('the account language', () => {
  it('PATCH /api/accounts/me/language/ sets it; the user answer carries it', async () => {
    const client = await createClientSession(t);
    const before = await t.app.inject({ url: '/api/accounts/user/', headers: client.headers });
    expect(before.json().preferred_language).toBe('en');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/me/language/',
      headers: client.headers,
      payload: { language: 'hi' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'hi' });
    const after = await t.app.inject({ url: '/api/accounts/user/', headers: client.headers });
    expect(after.json()).toMatchObject({ phone_number: client.phone, preferred_language: 'hi' });
    // Without a language in the request, the account's language answers; a request that asks
    // for one (the screen's) gets that one.
    const byAccount = await post('/api/registration/profile/', validPayload({ full_name: '' }), {
      ...client.headers,
      'accept-language': 'fr-FR',
    });
    expect(byAccount.json().errors.full_name).toBe('पूरा नाम आवश्यक है');
    const byScreen = await post('/api/registration/profile/', validPayload({ full_name: '' }), {
      ...client.headers,
      'accept-language': 'en',
    });
    expect(byScreen.json().errors.full_name).toBe('Full name is required');
  });

  it('refuses anything but en or hi with a clear message', async () => {
    const client = await createClientSession(t);
    for (const payload of [{ language: 'fr' }, { language: 'HI' }, {}, { language: 1 }, []]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/accounts/me/language/',
        headers: client.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({
        message: 'Language must be en (English) or hi (Hindi).',
        errors: { language: 'Language must be en (English) or hi (Hindi).' },
      });
    }
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/me/language/',
      payload: { language: 'hi' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('staff get English whatever their browser asks for', async () => {
    const staff = await createStaffSession(t);
    const res = await t.app.inject({
      url: '/api/registration/admin/profiles/?page=0',
      headers: { ...staff.headers, 'accept-language': 'hi' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('page must be a positive whole number');
  });
});

describe('SMS in the account language', () => {
  it('signup in Hindi: the code SMS is Hindi and the account keeps hi', async () => {
    const phone = randomPhone();
    const sent = await post(
      '/api/accounts/otp/send/',
      { mobile: phone },
      { 'accept-language': 'hi' },
    );
    expect(sent.json()).toEqual({ message: 'ओटीपी सफलतापूर्वक भेजा गया।' });
    const [sms] = await outbox(phone);
    expect(sms!.body).toMatch(/^\d{6} आपका .+ सत्यापन कोड है। यह \d+ मिनट में समाप्त हो जाएगा।/);
    const res = await post('/api/accounts/signup/', {
      phone_number: phone,
      password: 'secret-pass',
      otp: await latestCode(t, phone),
      language: 'hi',
    });
    expect(res.statusCode).toBe(201);
    // The request had no Accept-Language: English, as before; the account is Hindi from now on.
    expect(res.json().message).toBe('Signup successful!');
    expect(res.json().user.preferred_language).toBe('hi');
    // A reset code goes to the account in its language, whatever the request says.
    await post('/api/accounts/auth/forgot-password/request/', { phone_number: phone });
    expect((await outbox(phone))[0]!.body).toContain('सत्यापन कोड');
  });

  it('signup with an unknown language is refused', async () => {
    const res = await post('/api/accounts/signup/', {
      phone_number: randomPhone(),
      password: 'secret-pass',
      otp: '123456',
      language: 'xx',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.language).toBe('Language must be en (English) or hi (Hindi).');
  });

  it('the status SMS of a Hindi account is in Hindi', async () => {
    const staff = await createStaffSession(t);
    const client = await clientWithApplication(t, 'paid');
    await t.database.db
      .update(users)
      .set({ preferredLanguage: 'hi' })
      .where(eq(users.id, client.userId));
    const moved = await transition(t, staff.headers, client.registrationId, {
      to: 'under_review',
      expected_status: 'paid',
    });
    expect(moved.statusCode).toBe(200);
    await expect.poll(async () => (await outbox(client.phone)).length, { timeout: 30_000 }).toBe(1);
    expect((await outbox(client.phone))[0]!.body).toBe(
      `${t.config.productName}: आपका ऋण आवेदन #${client.registrationId} अब समीक्षाधीन है।`,
    );
  });
});

describe('the payment simulator checkout page', () => {
  it('is in Hindi for ?lang=hi or the lang cookie, and in English as before otherwise', async () => {
    const client = await clientWithDraft(t);
    const order = await post(
      '/api/registration/cashfree/create-order/',
      { amount: 10 },
      client.headers,
    );
    expect(order.statusCode).toBe(200);
    const url = `/payments-simulator/checkout/${order.json().payment_session_id}`;
    const hindiTexts = [
      '<html lang="hi">',
      '₹199.00 का भुगतान करें',
      'भुगतान सिम्युलेटर: इसमें असली पैसों का लेन-देन नहीं होता।',
      'भुगतान का तरीका',
      'क्रेडिट कार्ड',
      'नेट बैंकिंग',
      'भुगतान विफल करें',
      'aria-label="चेकआउट बंद करें"',
      '"processing":"भुगतान हो रहा है..."',
    ];
    for (const request of [
      { url: `${url}?lang=hi` },
      { url, cookies: { lang: 'hi' } },
      { url, headers: { 'accept-language': 'hi-IN' } },
    ]) {
      const page = await t.app.inject(request);
      expect(page.statusCode).toBe(200);
      for (const text of hindiTexts) expect(page.body).toContain(text);
    }
    const english = await t.app.inject({ url, headers: { 'accept-language': 'en-GB' } });
    for (const text of ['<html lang="en">', 'Pay ₹199.00', 'Credit Cards', 'Fail payment']) {
      expect(english.body).toContain(text);
    }
  });
});
