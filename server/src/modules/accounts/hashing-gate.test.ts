import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { randomPhone } from '../../test/sessions';
import { BUSY_MESSAGE } from './hashing-gate';
import { passwordHashingLoad } from './passwords';

/**
 * Issue 21: argon2 work waits in a bounded queue (4 running, PASSWORD_HASH_QUEUE_LIMIT waiting);
 * past it a sign-in or signup is answered 503 at once, with Retry-After, and changes nothing.
 */
describe('password hashing under more load than an instance can queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PASSWORD_HASH_QUEUE_LIMIT: '1', LOGIN_RATE_LIMIT_PER_MINUTE: '100' });
  }, 120_000);
  afterAll(() => t.close());

  /** A sign-in for an unknown number: a full argon2 check (the throwaway hash), answered 401. */
  const signIn = (i: number, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/login/',
      headers: { 'x-forwarded-for': `10.9.0.${i}`, 'accept-language': language },
      payload: { mobile: randomPhone(), password: 'not-the-password' },
    });

  it('answers what it cannot queue with 503 and Retry-After, and checks the rest', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(i + 1)));
    const busy = answers.filter((res) => res.statusCode === 503);
    const checked = answers.filter((res) => res.statusCode === 401);
    // 4 running and 1 waiting are checked; the others found the queue full (7 when all arrive
    // before the first check ends, as they do unless the machine stalls them that long).
    expect(checked.length + busy.length).toBe(12);
    expect(checked.length).toBeGreaterThanOrEqual(5);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const res of busy) {
      expect(res.json()).toEqual({ message: BUSY_MESSAGE });
      expect(res.headers['retry-after']).toBe('2');
    }
    // Once the queue has room, the next one is checked again.
    expect((await signIn(50)).statusCode).toBe(401);
  });

  it('says so in Hindi to a Hindi screen', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(i + 60, 'hi')));
    const busy = answers.find((res) => res.statusCode === 503);
    expect(busy?.json().message).toMatch(/[\u0900-\u097F]/);
  });

  it('leaves a busy signup its code: the retry creates the account with it', async () => {
    const phone = randomPhone();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/otp/send/',
      payload: { mobile: phone },
    });
    expect(sent.statusCode).toBe(200);
    const otp = await latestCode(t, phone);
    const signup = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/signup/',
        payload: { phone_number: phone, password: 'secret-pass', otp },
      });
    // Five sign-ins fill the 4 running places and the one waiting place.
    const filling = Array.from({ length: 5 }, (_, i) => signIn(i + 100));
    await expect.poll(() => passwordHashingLoad()).toEqual({ running: 4, waiting: 1 });
    // More busy answers than the code has attempts (OTP_MAX_ATTEMPTS, 5): none of them used one.
    for (let i = 0; i < 6; i++) {
      const busy = await signup();
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ message: BUSY_MESSAGE });
    }
    await Promise.all(filling);
    const retry = await signup();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().user.phone_number).toBe(phone);
  });

  it('counts no busy sign-in against the number: its lockout sees only real tries', async () => {
    const phone = randomPhone();
    const otpSent = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/otp/send/',
      payload: { mobile: phone },
    });
    expect(otpSent.statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/signup/',
      payload: { phone_number: phone, password: 'secret-pass', otp: await latestCode(t, phone) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/auth/login/',
        headers: { 'x-forwarded-for': '10.9.1.1' },
        payload: { mobile: phone, password },
      });
    const filling = Array.from({ length: 5 }, (_, i) => signIn(i + 150));
    await expect.poll(() => passwordHashingLoad()).toEqual({ running: 4, waiting: 1 });
    for (let i = 0; i < 12; i++) expect((await login('wrong-password')).statusCode).toBe(503);
    await Promise.all(filling);
    const signedIn = await login('secret-pass');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});
