import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signUpThroughApi } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { randomPhone } from '../../test/sessions';
import { otpCodes, users } from './tables';

let t: TestApp;
let clock = new Date('2025-06-01T10:00:00Z');
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, { now: () => clock });
}, 120_000);
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const REQUEST = '/api/accounts/auth/forgot-password/request/';
const VERIFY = '/api/accounts/auth/forgot-password/verify/';
const RESET = '/api/accounts/auth/forgot-password/reset/';

async function outboxSize(phone: string) {
  const res = await t.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
  return res.json().messages.length as number;
}

describe('forgot password', () => {
  it('answers the same for a registered and an unknown number, and texts only the registered one', async () => {
    const { phone } = await signUpThroughApi(t);
    const unknown = randomPhone();
    const before = await outboxSize(phone);
    const known = await post(REQUEST, { phone_number: phone });
    const stranger = await post(REQUEST, { phone_number: unknown });
    expect(known.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(200);
    expect(known.json()).toEqual(stranger.json());
    expect(known.json()).toEqual({
      message: 'If an account exists for this number, an OTP has been sent.',
    });
    expect(await outboxSize(phone)).toBe(before + 1);
    expect(await outboxSize(unknown)).toBe(0);

    // The same cooldown applies to both, so a 429 reveals nothing either.
    advance(5);
    const [knownAgain, strangerAgain] = [
      await post(REQUEST, { phone_number: phone }),
      await post(REQUEST, { phone_number: unknown }),
    ];
    expect(knownAgain.statusCode).toBe(429);
    expect(strangerAgain.statusCode).toBe(429);
    expect(knownAgain.json()).toEqual(strangerAgain.json());
  });

  it('ends access tokens issued earlier in the same second as the reset', async () => {
    // Tokens carry their issue time in whole seconds; the reset happens 400 ms after this one.
    clock = new Date(Math.ceil(clock.getTime() / 1000) * 1000 + 60_000 + 100);
    const { phone, access } = await signUpThroughApi(t, { password: 'old-password' });
    clock = new Date(clock.getTime() + 200);
    await post(REQUEST, { phone_number: phone });
    const verified = await post(VERIFY, { phone_number: phone, otp: await latestCode(t, phone) });
    clock = new Date(clock.getTime() + 200);
    const reset = await post(RESET, {
      phone_number: phone,
      reset_token: verified.json().reset_token,
      new_password: 'new-password',
    });
    expect(reset.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/accounts/user/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.statusCode).toBe(401);
    advance(2);
  });

  it('verifies the code, sets the new password once, and ends every session', async () => {
    const { phone, access, cookie } = await signUpThroughApi(t, { password: 'old-password' });
    advance(60);
    await post(REQUEST, { phone_number: phone });
    const verified = await post(VERIFY, { phone_number: phone, otp: await latestCode(t, phone) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      reset_token: expect.stringMatching(/^[\w-]{43}$/),
      message: 'OTP verified successfully!',
    });
    const resetToken = verified.json().reset_token;

    const reset = await post(RESET, {
      phone_number: phone,
      reset_token: resetToken,
      new_password: 'new-password',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toMatch(/^Password reset successfully!/);

    const again = await post(RESET, {
      phone_number: phone,
      reset_token: resetToken,
      new_password: 'other-password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'This reset link is invalid or has expired. Please start again.',
    );

    // Old sessions are over: the refresh cookie and the access token issued before the reset.
    const refresh = await post(
      '/api/accounts/token/refresh/',
      {},
      {
        'x-portal': 'client',
        cookie: `client_refresh=${cookie}`,
      },
    );
    expect(refresh.statusCode).toBe(401);
    const me = await t.app.inject({
      url: '/api/accounts/user/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.statusCode).toBe(401);

    const oldLogin = await post('/api/accounts/auth/login/', {
      mobile: phone,
      password: 'old-password',
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post('/api/accounts/auth/login/', {
      mobile: phone,
      password: 'new-password',
    });
    expect(newLogin.statusCode).toBe(200);
    const meNow = await t.app.inject({
      url: '/api/accounts/user/',
      headers: { authorization: `Bearer ${newLogin.json().access}` },
    });
    expect(meNow.statusCode).toBe(200);
  });

  it('changes nothing when ending the old sessions fails: the old password still works', async () => {
    const { phone, userId, cookie } = await signUpThroughApi(t, { password: 'old-password' });
    advance(60);
    await post(REQUEST, { phone_number: phone });
    const { reset_token } = (
      await post(VERIFY, { phone_number: phone, otp: await latestCode(t, phone) })
    ).json();
    const passwordHash = async () =>
      (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.passwordHash;
    const before = await passwordHash();
    const reset = () =>
      post(RESET, { phone_number: phone, reset_token, new_password: 'new-password' });

    // Revoking this user's refresh tokens fails, as a lost connection or a lock time-out would.
    const db = t.database.db;
    await db.execute(
      sql.raw(
        "create function refuse_revocation() returns trigger language plpgsql as $$ begin raise exception 'refresh_tokens is read-only'; end $$",
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger refuse_revocation before update on refresh_tokens for each row when (old.user_id = ${userId}) execute function refuse_revocation()`,
      ),
    );
    try {
      const failed = await reset();
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({
        message: expect.stringMatching(/^Something went wrong on our side\. Reference: \S+$/),
      });
      expect(await passwordHash()).toBe(before);
      const oldLogin = await post('/api/accounts/auth/login/', {
        mobile: phone,
        password: 'old-password',
      });
      expect(oldLogin.statusCode).toBe(200);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_revocation on refresh_tokens'));
      await db.execute(sql.raw('drop function refuse_revocation()'));
    }

    // Nothing was used up either: the same reset token now sets the password and ends sessions.
    expect((await reset()).statusCode).toBe(200);
    expect(await passwordHash()).not.toBe(before);
    const refresh = await post(
      '/api/accounts/token/refresh/',
      {},
      { 'x-portal': 'client', cookie: `client_refresh=${cookie}` },
    );
    expect(refresh.statusCode).toBe(401);
  });

  it('lets a reset token live 15 minutes and only for its own number', async () => {
    const { phone } = await signUpThroughApi(t);
    const other = await signUpThroughApi(t);
    await post(REQUEST, { phone_number: phone });
    const { reset_token } = (
      await post(VERIFY, { phone_number: phone, otp: await latestCode(t, phone) })
    ).json();
    const foreign = await post(RESET, {
      phone_number: other.phone,
      reset_token,
      new_password: 'new-password',
    });
    expect(foreign.statusCode).toBe(400);
    advance(15 * 60);
    const late = await post(RESET, {
      phone_number: phone,
      reset_token,
      new_password: 'new-password',
    });
    expect(late.statusCode).toBe(400);
  });

  it('keeps signup and reset codes apart', async () => {
    const phone = randomPhone();
    await post('/api/accounts/otp/send/', { mobile: phone });
    const signupCode = await latestCode(t, phone);
    const res = await post(VERIFY, { phone_number: phone, otp: signupCode });
    expect(res.statusCode).toBe(400);
    const rows = await t.database.db.select().from(otpCodes).where(eq(otpCodes.phoneNumber, phone));
    expect(rows.map((row) => row.purpose)).toEqual(['signup']);
    expect(rows[0].closedAt).toBeNull();
  });

  it('gives the spec messages for bad input', async () => {
    const cases: [string, object, string][] = [
      [REQUEST, {}, 'Phone number is required'],
      [REQUEST, { phone_number: '98765' }, 'Please enter a valid 10-digit mobile number'],
      [VERIFY, { phone_number: '9876543210', otp: '12a' }, 'Please enter the complete 6-digit OTP'],
      [
        RESET,
        { phone_number: '9876543210', reset_token: 'x', new_password: '12345' },
        'Password must be at least 6 characters long',
      ],
      [RESET, { phone_number: '9876543210', new_password: '123456' }, 'Reset token is required'],
    ];
    for (const [url, payload, message] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
