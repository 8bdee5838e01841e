import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { auditLog } from '../audit';
import { staffRecoveryCodes, staffTotp } from './tables';
import {
  codeAt,
  createStaff,
  firstSignIn,
  ip,
  passwordStep,
  post,
  superuserSession,
} from './test-support';

// A fixed clock, moved by the tests: 10:00:05 is 5 s into its 30-second step.
let clock = new Date('2025-06-01T10:00:05Z');
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
let t: TestApp;
let root: { access: string; userId: number };

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, { now: () => clock });
  root = await superuserSession(t);
}, 120_000);
afterAll(() => t.close());

/** A staff member with the second factor on: their secret and recovery codes. */
async function enrolled(username: string) {
  await createStaff(t, root.access, username);
  const session = (await firstSignIn(t, username)).json();
  const enrol = await post(t, '/api/accounts/admin/totp/enrol/', {}, session.access);
  expect(enrol.statusCode, enrol.body).toBe(200);
  const { secret, otpauth_uri, qr_svg } = enrol.json();
  expect(otpauth_uri).toContain(`secret=${secret}`);
  expect(qr_svg).toMatch(/^<svg/);
  const confirm = await post(
    t,
    '/api/accounts/admin/totp/enrol/confirm/',
    { code: await codeAt(secret, clock) },
    session.access,
  );
  expect(confirm.statusCode, confirm.body).toBe(200);
  const codes: string[] = confirm.json().recovery_codes;
  // The next sign-in's code must be from a later step than the one that confirmed.
  advance(30);
  return { secret, codes, userId: session.user.id as number };
}

async function challengeFor(username: string, password = 'chosen-pass-1', from = ip()) {
  const res = await passwordStep(t, username, password, from);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ challenge: expect.any(String), next: 'totp' });
  expect(res.cookies.find((c) => c.name === 'admin_refresh')).toBeUndefined();
  return res.json().challenge as string;
}

const verifyCode = (challenge: string, code: string, from = ip()) =>
  post(t, '/api/accounts/admin/login/verify-code/', { challenge, code }, undefined, from);

describe('TOTP sign-in on a fixed clock', () => {
  it('stores the secret encrypted and only hashes of the ten recovery codes', async () => {
    const { secret, codes, userId } = await enrolled('tara');
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [row] = await t.database.db.select().from(staffTotp).where(eq(staffTotp.userId, userId));
    expect(row.secretEncrypted).not.toContain(secret);
    expect(row.secretEncrypted).toMatch(/^v1:/);
    const hashes = await t.database.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.userId, userId));
    expect(hashes).toHaveLength(10);
    for (const code of codes) expect(hashes.map((h) => h.codeHash)).not.toContain(code);
  });

  it('asks for a code after the password, and the code gives the session', async () => {
    const { secret } = await enrolled('uma');
    const challenge = await challengeFor('uma');
    // The challenge is no session: the back office refuses it as a bearer token.
    const me = await t.app.inject({
      url: '/api/accounts/user/',
      headers: { authorization: `Bearer ${challenge}` },
    });
    expect(me.statusCode).toBe(401);
    const res = await verifyCode(challenge, await codeAt(secret, clock));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.username).toBe('uma');
    expect(res.cookies.find((c) => c.name === 'admin_refresh')).toBeDefined();
    // Spent: the same challenge cannot start a second session.
    advance(30);
    const again = await verifyCode(challenge, await codeAt(secret, clock));
    expect(again.statusCode).toBe(401);
  });

  it('refuses a wrong code', async () => {
    const { secret } = await enrolled('vani');
    const challenge = await challengeFor('vani');
    const right = await codeAt(secret, clock);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const res = await verifyCode(challenge, wrong);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid code' });
    const [audit] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: 'admin.login.failed',
      details: { reason: 'wrong_code' },
    });
    expect(JSON.stringify(audit)).not.toContain(wrong);
  });

  it('refuses a replayed code: the time step already used', async () => {
    const { secret } = await enrolled('wafa');
    const code = await codeAt(secret, clock);
    const first = await verifyCode(await challengeFor('wafa'), code);
    expect(first.statusCode).toBe(200);
    // Same step, same code, a fresh sign-in: refused.
    const replay = await verifyCode(await challengeFor('wafa'), code);
    expect(replay.statusCode).toBe(401);
    // A code of the step before the used one is older still: refused too.
    const older = await verifyCode(await challengeFor('wafa'), await codeAt(secret, clock, -1));
    expect(older.statusCode).toBe(401);
    advance(30);
    const next = await verifyCode(await challengeFor('wafa'), await codeAt(secret, clock));
    expect(next.statusCode).toBe(200);
  });

  it('accepts a phone clock one step behind or ahead, and refuses two', async () => {
    const { secret } = await enrolled('xena');
    const tryOffset = async (offset: number) => {
      advance(90); // a fresh step each time, well past the last one used
      return (
        await verifyCode(
          await challengeFor('xena', 'chosen-pass-1', ip(40)),
          await codeAt(secret, clock, offset),
        )
      ).statusCode;
    };
    expect(await tryOffset(-1)).toBe(200);
    expect(await tryOffset(1)).toBe(200);
    expect(await tryOffset(-2)).toBe(401);
    expect(await tryOffset(2)).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const { codes } = await enrolled('yash');
    for (const code of codes.slice(0, 3)) {
      const res = await verifyCode(await challengeFor('yash'), code.toUpperCase());
      expect(res.statusCode, res.body).toBe(200);
    }
    const again = await verifyCode(await challengeFor('yash'), codes[0]);
    expect(again.statusCode).toBe(401);
    const status = await t.app.inject({
      url: '/api/accounts/admin/totp/',
      headers: {
        authorization: `Bearer ${(await verifyCode(await challengeFor('yash'), codes[3])).json().access}`,
      },
    });
    expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: 6 });
  });

  it('counts wrong codes and wrong passwords towards one 3-attempt lockout', async () => {
    const { secret } = await enrolled('zoya');
    const from = ip(99);
    const wrongPassword = await passwordStep(t, 'zoya', 'not-it', from);
    expect(wrongPassword.statusCode).toBe(401);
    const challenge = await challengeFor('zoya', 'chosen-pass-1', from);
    expect((await verifyCode(challenge, '000000', from)).statusCode).toBe(401);
    const third = await verifyCode(challenge, '111111', from);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('Too many failed attempts. Account locked for 30 seconds.');
    expect(third.headers['retry-after']).toBe('30');
    // Locked at either step, even with the right code or the right password.
    const right = await verifyCode(challenge, await codeAt(secret, clock), from);
    expect(right.statusCode).toBe(429);
    expect((await passwordStep(t, 'zoya', 'chosen-pass-1', from)).statusCode).toBe(429);
    advance(31);
    const after = await verifyCode(
      await challengeFor('zoya', 'chosen-pass-1', from),
      await codeAt(secret, clock),
      from,
    );
    expect(after.statusCode, after.body).toBe(200);
  });

  it('sends an account without the second factor to enrolment when a superuser requires it', async () => {
    await createStaff(t, root.access, 'amar');
    const changed = await firstSignIn(t, 'amar');
    expect(changed.json()).toMatchObject({ access: expect.any(String) });
    const required = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/admin/security-settings/',
      payload: { totp_required: true },
      headers: { authorization: `Bearer ${root.access}` },
    });
    expect(required.json()).toEqual({ totp_required: true });
    try {
      const pw = await passwordStep(t, 'amar', 'chosen-pass-1');
      expect(pw.json()).toEqual({ challenge: expect.any(String), next: 'enrol_totp' });
      const challenge = pw.json().challenge;
      // The enrolment challenge is good for nothing else.
      expect((await verifyCode(challenge, '123456')).statusCode).toBe(401);
      const enrol = await post(t, '/api/accounts/admin/login/enrol-totp/', { challenge });
      expect(enrol.statusCode, enrol.body).toBe(200);
      const wrong = await post(t, '/api/accounts/admin/login/enrol-totp/confirm/', {
        challenge,
        code: '000000',
      });
      expect(wrong.statusCode).toBe(400);
      const confirm = await post(t, '/api/accounts/admin/login/enrol-totp/confirm/', {
        challenge,
        code: await codeAt(enrol.json().secret, clock),
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(confirm.json()).toEqual({
        access: expect.any(String),
        user: expect.objectContaining({ username: 'amar' }),
        recovery_codes: expect.any(Array),
      });
      advance(30);
      expect((await passwordStep(t, 'amar', 'chosen-pass-1')).json().next).toBe('totp');
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/accounts/admin/security-settings/',
        payload: { totp_required: false },
        headers: { authorization: `Bearer ${root.access}` },
      });
    }
  });

  it('ends a challenge after five minutes', async () => {
    await enrolled('bina');
    const challenge = await challengeFor('bina');
    advance(301);
    const res = await verifyCode(challenge, '123456');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your sign-in has expired. Please sign in again.');
  });
});
