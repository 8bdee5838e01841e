import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode as latestCodeOf, signUpThroughApi } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { randomPhone } from '../../test/sessions';
import { otpCodes, refreshTokens, users } from './tables';

let t: TestApp;
let clock = new Date('2025-06-01T10:00:00Z');
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
let ipCounter = 0;
/** Each test its own client address, so the per-IP caps of one do not leak into another. */
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, { now: () => clock });
}, 120_000);
afterAll(() => t.close());

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

function refreshCookie(res: LightMyRequestResponse, portal = 'client') {
  return res.cookies.find((cookie) => cookie.name === `${portal}_refresh`);
}

const latestCode = (phone: string) => latestCodeOf(t, phone);
const signUp = () => signUpThroughApi(t, { ip: newIp() });

describe('signup with a one-time code', () => {
  it('sends a code, then creates the account and signs in', async () => {
    const phone = randomPhone();
    const sent = await post('/api/accounts/otp/send/', { mobile: phone });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'OTP sent successfully.' });

    const outbox = await t.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
    const [message] = outbox.json().messages;
    expect(message).toMatchObject({ to: phone, sent_at: clock.toISOString() });
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.body).toContain(message.code);

    const res = await post('/api/accounts/signup/', {
      phone_number: phone,
      password: 'secret-pass',
      otp: message.code,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      access: expect.any(String),
      message: 'Signup successful!',
      user: {
        id: expect.any(Number),
        phone_number: phone,
        username: null,
        is_staff: false,
        is_superuser: false,
        preferred_language: 'en',
      },
    });
    expect(body).not.toHaveProperty('refresh');
    const cookie = refreshCookie(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/accounts/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.maxAge).toBe(30 * 24 * 3600);

    const [stored] = await t.database.db.select().from(users).where(eq(users.phoneNumber, phone));
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    const me = await t.app.inject({
      url: '/api/accounts/user/',
      headers: { authorization: `Bearer ${body.access}` },
    });
    expect(me.json()).toEqual(body.user);
  });

  it('stores the code only as a hash and accepts it once', async () => {
    const phone = randomPhone();
    await post('/api/accounts/otp/send/', { mobile: phone });
    const code = await latestCode(phone);
    const rows = await t.database.db.select().from(otpCodes).where(eq(otpCodes.phoneNumber, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].codeHash).not.toContain(code);

    const first = await post('/api/accounts/signup/', {
      phone_number: phone,
      password: 'secret-pass',
      otp: code,
    });
    expect(first.statusCode).toBe(201);
    await t.database.db.delete(users).where(eq(users.phoneNumber, phone));
    const again = await post('/api/accounts/signup/', {
      phone_number: phone,
      password: 'secret-pass',
      otp: code,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid OTP. Please request a new one.');
  });

  it('answers a registered number like a free one, and texts it a notice instead of a code', async () => {
    // Probe finding 2: 409 against 200 told anyone which numbers have an account.
    const { phone } = await signUp();
    advance(60); // past the resend cooldown of the signup's own code
    const free = randomPhone();
    const [registered, unregistered] = [
      await post('/api/accounts/otp/send/', { mobile: phone }),
      await post('/api/accounts/otp/send/', { mobile: free }),
    ];
    expect(registered.statusCode).toBe(unregistered.statusCode);
    expect(registered.json()).toEqual(unregistered.json());
    const outbox = await t.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
    const [notice] = outbox.json().messages;
    expect(notice.code).toBe('');
    expect(notice.body).toMatch(/^Someone tried to create a .+ account with this number/);
    expect(notice.body).not.toMatch(/\d{6}/);

    // Signing up with any code then fails like a wrong code, never with "already exists".
    const signup = await post('/api/accounts/signup/', {
      phone_number: phone,
      password: 'other-pass',
      otp: '123456',
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().message).toMatch(/^Invalid OTP\./);
  });

  it('once an address has used up its codes, a registered number gets the same 429 as a free one', async () => {
    // Probe finding 2, third symptom: past the per-address cap, registered numbers still got 409
    // and free ones 429, so the cap itself told them apart.
    const { phone } = await signUp();
    advance(60);
    const ip = newIp();
    const from = { 'x-forwarded-for': ip };
    for (let n = 0; n < t.config.otp.maxPerIpPerHour; n++) {
      const sent = await post('/api/accounts/otp/send/', { mobile: randomPhone() }, from);
      expect(sent.statusCode).toBe(200);
    }
    const registered = await post('/api/accounts/otp/send/', { mobile: phone }, from);
    const unregistered = await post('/api/accounts/otp/send/', { mobile: randomPhone() }, from);
    expect(registered.statusCode).toBe(429);
    expect(unregistered.statusCode).toBe(429);
    expect(registered.json()).toEqual(unregistered.json());
    expect(registered.headers['retry-after']).toBe(unregistered.headers['retry-after']);
  });

  it('gives the spec messages for bad input', async () => {
    const cases: [string, object, string, Record<string, string>][] = [
      [
        '/api/accounts/otp/send/',
        {},
        'Phone number is required',
        { mobile: 'Phone number is required' },
      ],
      [
        '/api/accounts/otp/send/',
        { mobile: '12345' },
        'Please enter a valid 10-digit mobile number',
        { mobile: 'Please enter a valid 10-digit mobile number' },
      ],
      [
        '/api/accounts/otp/send/',
        { mobile: '5876543210' },
        'Please enter a valid 10-digit mobile number',
        { mobile: 'Please enter a valid 10-digit mobile number' },
      ],
      [
        '/api/accounts/signup/',
        { phone_number: '9876543210', password: 'abc', otp: '12' },
        'Password must be at least 6 characters long',
        {
          password: 'Password must be at least 6 characters long',
          otp: 'Please enter the complete 6-digit OTP',
        },
      ],
      [
        '/api/accounts/signup/',
        { password: 'abcdef', otp: '123456' },
        'Phone number is required',
        { phone_number: 'Phone number is required' },
      ],
    ];
    for (const [url, payload, message, errors] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toEqual({ message, errors });
    }
  });

  it('refuses a wrong code and says how many tries are left', async () => {
    const phone = randomPhone();
    await post('/api/accounts/otp/send/', { mobile: phone });
    const code = await latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post('/api/accounts/signup/', {
      phone_number: phone,
      password: 'secret-pass',
      otp: wrong,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid OTP. Please try again. 4 attempts remaining.');
  });
});

describe('one-time code rules', () => {
  it('expires a code after 5 minutes', async () => {
    const phone = randomPhone();
    await post('/api/accounts/otp/send/', { mobile: phone });
    const code = await latestCode(phone);
    advance(300);
    const res = await post('/api/accounts/signup/', {
      phone_number: phone,
      password: 'secret-pass',
      otp: code,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('OTP has expired. Please request a new one.');
  });

  it('accepts a code just before it expires', async () => {
    const phone = randomPhone();
    await post('/api/accounts/otp/send/', { mobile: phone });
    const code = await latestCode(phone);
    advance(299);
    const res = await post('/api/accounts/signup/', {
      phone_number: phone,
      password: 'secret-pass',
      otp: code,
    });
    expect(res.statusCode).toBe(201);
  });

  it('closes the code after 5 wrong tries, even for the right one', async () => {
    const phone = randomPhone();
    await post('/api/accounts/otp/send/', { mobile: phone });
    const code = await latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (otp: string) =>
      post('/api/accounts/signup/', { phone_number: phone, password: 'secret-pass', otp });
    for (let i = 4; i >= 1; i--) {
      expect((await attempt(wrong)).json().message).toContain(
        `${i} ${i === 1 ? 'attempt' : 'attempts'} remaining`,
      );
    }
    const fifth = await attempt(wrong);
    expect(fifth.json().message).toBe('Too many wrong attempts. Please request a new OTP.');
    const right = await attempt(code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Invalid OTP. Please request a new one.');
  });

  it('makes a resend wait 30 seconds, and the new code replaces the old', async () => {
    const phone = randomPhone();
    const ip = { 'x-forwarded-for': newIp() };
    await post('/api/accounts/otp/send/', { mobile: phone }, ip);
    const oldCode = await latestCode(phone);
    advance(10);
    const early = await post('/api/accounts/otp/send/', { mobile: phone }, ip);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('20');
    expect(early.json().message).toBe('Please wait 20 seconds before requesting a new OTP.');
    advance(20);
    const later = await post('/api/accounts/otp/send/', { mobile: phone }, ip);
    expect(later.statusCode).toBe(200);
    const newCode = await latestCode(phone);
    if (newCode !== oldCode) {
      const old = await post('/api/accounts/signup/', {
        phone_number: phone,
        password: 'secret-pass',
        otp: oldCode,
      });
      expect(old.statusCode).toBe(400);
    }
    const res = await post('/api/accounts/signup/', {
      phone_number: phone,
      password: 'secret-pass',
      otp: newCode,
    });
    expect(res.statusCode).toBe(201);
  });

  it('caps codes per number per hour', async () => {
    const phone = randomPhone();
    for (let i = 0; i < 10; i++) {
      const res = await post(
        '/api/accounts/otp/send/',
        { mobile: phone },
        { 'x-forwarded-for': newIp() },
      );
      expect(res.statusCode).toBe(200);
      advance(30);
    }
    const capped = await post(
      '/api/accounts/otp/send/',
      { mobile: phone },
      { 'x-forwarded-for': newIp() },
    );
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(
      'Too many OTP requests for this number. Please try again later.',
    );
    // The first of the ten was 300 s ago: it leaves the window in 3300 s.
    expect(capped.headers['retry-after']).toBe('3300');
    advance(3300);
    const res = await post('/api/accounts/otp/send/', { mobile: phone });
    expect(res.statusCode).toBe(200);
  });

  it('caps codes per client address per hour', async () => {
    const ip = { 'x-forwarded-for': newIp() };
    for (let i = 0; i < 30; i++) {
      expect(
        (await post('/api/accounts/otp/send/', { mobile: randomPhone() }, ip)).statusCode,
      ).toBe(200);
    }
    const capped = await post('/api/accounts/otp/send/', { mobile: randomPhone() }, ip);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(
      'Too many OTP requests from your network. Please try again later.',
    );
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('client address longer than its column', () => {
  // Behind a proxy (TRUST_PROXY) the address comes from X-Forwarded-For, which the caller writes.
  const longAddress = (fill: string) => ({ 'x-forwarded-for': fill.repeat(100) });
  const storedAddresses = async (phone: string) =>
    (
      await t.database.db
        .select({ ip: otpCodes.ip })
        .from(otpCodes)
        .where(eq(otpCodes.phoneNumber, phone))
    ).map((row) => row.ip);

  it('still sends a signup code, and stores the address cut to the column', async () => {
    const phone = randomPhone();
    const res = await post('/api/accounts/otp/send/', { mobile: phone }, longAddress('a'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent successfully.' });
    expect(await storedAddresses(phone)).toEqual(['a'.repeat(64)]);
  });

  it('still answers a password-reset request', async () => {
    const { phone } = await signUp();
    advance(60);
    const res = await post(
      '/api/accounts/auth/forgot-password/request/',
      { phone_number: phone },
      longAddress('b'),
    );
    expect(res.statusCode).toBe(200);
    expect(await storedAddresses(phone)).toContain('b'.repeat(64));
  });

  it('counts the codes of a long address against one per-address cap', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= 30; i++) {
      const res = await post(
        '/api/accounts/otp/send/',
        { mobile: randomPhone() },
        longAddress('c'),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(30).fill(200), 429]);
  });
});

describe('login, current user, refresh and logout', () => {
  it('signs in with the right password and refuses a wrong one the same way as an unknown number', async () => {
    const { phone, password } = await signUp();
    const ok = await post('/api/accounts/auth/login/', { mobile: phone, password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      access: expect.any(String),
      user: expect.objectContaining({ phone_number: phone }),
    });
    expect(refreshCookie(ok)?.value).toBeTruthy();

    for (const payload of [
      { mobile: phone, password: 'wrong-pass' },
      { mobile: randomPhone(), password },
    ]) {
      const res = await post('/api/accounts/auth/login/', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials, please try again.' });
      expect(refreshCookie(res)).toBeUndefined();
    }
  });

  it('requires both login fields', async () => {
    const res = await post('/api/accounts/auth/login/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Mobile number is required',
      errors: { mobile: 'Mobile number is required', password: 'Password is required' },
    });
  });

  it('answers GET /user/ only with a valid token', async () => {
    const res = await t.app.inject({ url: '/api/accounts/user/' });
    expect(res.statusCode).toBe(401);
  });

  it('rotates the refresh cookie and revokes the family when an old one comes back', async () => {
    const { cookie: first } = await signUp();
    const refresh = (value: string, portal = 'client') =>
      post('/api/accounts/token/refresh/', undefined, {
        'x-portal': portal,
        cookie: `${portal}_refresh=${value}`,
      });

    const r1 = await refresh(first);
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toEqual({ access: expect.any(String), user: expect.any(Object) });
    const second = refreshCookie(r1)!.value;
    expect(second).not.toBe(first);

    // The stolen first token is replayed: the whole family dies, including the current one.
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Your session has expired. Please sign in again.');
    expect((await refresh(second)).statusCode).toBe(401);

    const rows = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, r1.json().user.id));
    expect(rows.length).toBe(2);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
    expect(rows.map((row) => row.tokenHash)).not.toContain(first);
  });

  it('uses the cookie of the portal named in X-Portal', async () => {
    const { cookie } = await signUp();
    const wrongPortal = await post('/api/accounts/token/refresh/', undefined, {
      'x-portal': 'admin',
      cookie: `admin_refresh=${cookie}`,
    });
    expect(wrongPortal.statusCode).toBe(401);
    const missing = await post('/api/accounts/token/refresh/', undefined, {
      cookie: `client_refresh=${cookie}`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The X-Portal header must be client or admin.');
    const none = await post('/api/accounts/token/refresh/', undefined, { 'x-portal': 'client' });
    expect(none.statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const { cookie } = await signUp();
    advance(30 * 24 * 3600);
    const res = await post('/api/accounts/token/refresh/', undefined, {
      'x-portal': 'client',
      cookie: `client_refresh=${cookie}`,
    });
    expect(res.statusCode).toBe(401);
  });

  it('logs out with an expired access token: the cookie is cleared and no longer refreshes', async () => {
    const { cookie, access } = await signUp();
    advance(3600);
    const out = await post('/api/accounts/logout/', undefined, {
      authorization: `Bearer ${access}`,
      cookie: `client_refresh=${cookie}`,
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Logged out successfully.' });
    const cleared = refreshCookie(out)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/accounts/');
    const after = await post('/api/accounts/token/refresh/', undefined, {
      'x-portal': 'client',
      cookie: `client_refresh=${cookie}`,
    });
    expect(after.statusCode).toBe(401);
  });
});
