import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signUpThroughApi } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { ensureStaffUser } from '../accounts/service';
import { CLIENT_SIGN_IN_POLICIES } from '.';
import { describeWait, waitAfterFailures } from './throttle';

// Issue 20, finding 4: client login had no limit per account (20 tries a minute per address, on
// and on), and the admin lockout was per username alone, so a stranger could keep staff out.
let t: TestApp;
let clock = new Date('2026-03-01T10:00:00Z');
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10000' }, { now: () => clock });
  for (const username of ['nila', 'arun', 'devi']) {
    await ensureStaffUser(t.database.db, { username, password: 'staff-pass' });
  }
}, 120_000);
afterAll(() => t.close());

const clientLogin = (mobile: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/auth/login/',
    payload: { mobile, password },
    headers: { 'x-forwarded-for': ip },
  });
const adminLogin = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/admin/login/',
    payload: { username, password },
    headers: { 'x-forwarded-for': ip },
  });

describe('the wait after each failure', () => {
  it('is free at first, then doubles up to the cap, then blocks', () => {
    const waits = Array.from({ length: 11 }, (_, index) =>
      waitAfterFailures(CLIENT_SIGN_IN_POLICIES.pair, index + 1),
    );
    expect(waits).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 30, 900, 900]);
    expect([1, 30, 60, 900].map(describeWait)).toEqual([
      '1 second',
      '30 seconds',
      '1 minute',
      '15 minutes',
    ]);
  });
});

describe('client sign-in guessing', () => {
  it('slows one address down, then blocks it for 15 minutes, while the owner signs in elsewhere', async () => {
    const { phone, password } = await signUpThroughApi(t, { ip: '198.51.100.1' });
    const guesser = '203.0.113.50';
    for (let i = 0; i < 3; i++) {
      const res = await clientLogin(phone, 'wrong-guess', guesser);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials, please try again.' });
    }
    // The 4th failure is still told apart from a block, but the next try must wait a second.
    expect((await clientLogin(phone, 'wrong-guess', guesser)).statusCode).toBe(401);
    const early = await clientLogin(phone, password, guesser);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.json()).toEqual({
      message: 'Too many failed sign-in attempts. Please wait 1 second and try again.',
    });

    // Waits of 1, 2, 4, 8 and 16 seconds, then 30: the 10th failure blocks the address.
    for (const wait of [1, 2, 4, 8, 16]) {
      advance(wait);
      expect((await clientLogin(phone, 'wrong-guess', guesser)).statusCode).toBe(401);
    }
    advance(30);
    const blocked = await clientLogin(phone, 'wrong-guess', guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.json()).toEqual({
      message:
        'Too many failed sign-in attempts. Please try again in 15 minutes, or reset your password.',
    });
    advance(60);
    // Even the right password is not heard from the blocked address...
    expect((await clientLogin(phone, password, guesser)).statusCode).toBe(429);
    // ...while the owner, on another network, signs in.
    expect((await clientLogin(phone, password, '198.51.100.2')).statusCode).toBe(200);

    advance(14 * 60);
    // The block is over and the count starts again.
    expect((await clientLogin(phone, 'wrong-guess', guesser)).statusCode).toBe(401);
    expect((await clientLogin(phone, password, guesser)).statusCode).toBe(200);
  });

  it('lets concurrent guesses through only until the first wait is set', async () => {
    const { phone } = await signUpThroughApi(t, { ip: '198.51.100.3' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => clientLogin(phone, 'wrong-guess', '203.0.113.60')),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    // 3 free tries and the one that sets the first wait; every other is refused unheard.
    expect(codes.filter((code) => code === 401)).toHaveLength(4);
    expect(codes.filter((code) => code === 429)).toHaveLength(8);
    advance(60);
  });

  it('limits guesses spread over many addresses, except from one the owner signed in from', async () => {
    const { phone, password } = await signUpThroughApi(t, { ip: '198.51.100.4' });
    const home = '198.51.100.4';
    expect((await clientLogin(phone, password, home)).statusCode).toBe(200);
    // 30 failures, 3 (the free ones) from each of 10 addresses: the last blocks the number.
    let failures = 0;
    for (let address = 1; address <= 10; address++) {
      for (let i = 0; i < 3; i++) {
        const res = await clientLogin(phone, 'wrong-guess', `192.0.2.${address}`);
        failures += 1;
        expect(res.statusCode).toBe(failures === 30 ? 429 : 401);
        // The account-wide waits (up to a minute) that start after the 10th failure.
        if (failures < 30) advance(waitAfterFailures(CLIENT_SIGN_IN_POLICIES.account, failures));
      }
    }
    const stranger = await clientLogin(phone, password, '192.0.2.99');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(
      /^Too many failed sign-in attempts. Please try again in/,
    );
    // The owner's own address is not held up by strangers.
    expect((await clientLogin(phone, password, home)).statusCode).toBe(200);
    advance(15 * 60);
  });

  it('forgets the failures once the owner resets the password', async () => {
    const { phone } = await signUpThroughApi(t, { ip: '198.51.100.5' });
    const ip = '203.0.113.70';
    for (const wait of [0, 0, 0, 0, 1, 2, 4, 8, 16, 30]) {
      advance(wait);
      await clientLogin(phone, 'wrong-guess', ip);
    }
    expect((await clientLogin(phone, 'wrong-guess', ip)).statusCode).toBe(429);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
    await post('/api/accounts/auth/forgot-password/request/', { phone_number: phone });
    const verified = await post('/api/accounts/auth/forgot-password/verify/', {
      phone_number: phone,
      otp: await latestCode(t, phone),
    });
    const reset = await post('/api/accounts/auth/forgot-password/reset/', {
      phone_number: phone,
      reset_token: verified.json().reset_token,
      new_password: 'brand-new-pass',
    });
    expect(reset.statusCode).toBe(200);
    expect((await clientLogin(phone, 'brand-new-pass', ip)).statusCode).toBe(200);
  });
});

describe('admin sign-in guessing', () => {
  it('locks the username for 30 seconds from the guessing address only', async () => {
    const stranger = '203.0.113.80';
    expect((await adminLogin('nila', 'bad-1', stranger)).statusCode).toBe(401);
    expect((await adminLogin('nila', 'bad-2', stranger)).statusCode).toBe(401);
    const third = await adminLogin('nila', 'bad-3', stranger);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      message: 'Too many failed attempts. Account locked for 30 seconds.',
    });
    expect((await adminLogin('nila', 'staff-pass', stranger)).statusCode).toBe(429);
    // The real admin, in the office, is not locked out by the stranger.
    expect((await adminLogin('nila', 'staff-pass', '198.51.100.10')).statusCode).toBe(200);
    advance(30);
  });

  it('keeps a slower limit per username across addresses, which known addresses skip', async () => {
    const office = '198.51.100.11';
    expect((await adminLogin('arun', 'staff-pass', office)).statusCode).toBe(200);
    // Two failures from each of 5 addresses: no address reaches the 3-try lockout, and the
    // username's count across them reaches 10, which blocks it for 15 minutes.
    for (let address = 1; address <= 5; address++) {
      for (let i = 0; i < 2; i++) {
        const res = await adminLogin('arun', 'wrong', `192.0.2.${100 + address}`);
        if (address === 5 && i === 1) {
          expect(res.statusCode).toBe(429);
          expect(res.headers['retry-after']).toBe('900');
          expect(res.json()).toEqual({
            message: 'Too many failed attempts. Account locked for 15 minutes.',
          });
        } else {
          expect(res.statusCode).toBe(401);
        }
        advance(31);
      }
    }
    const elsewhere = await adminLogin('arun', 'staff-pass', '192.0.2.200');
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(800);
    // Another staff member is untouched, and so is arun from the office.
    expect((await adminLogin('devi', 'staff-pass', '192.0.2.200')).statusCode).toBe(200);
    expect((await adminLogin('arun', 'staff-pass', office)).statusCode).toBe(200);
  });
});
