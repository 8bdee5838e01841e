import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { auditLog } from '../audit';
import { staffRecoveryCodes, staffTotp } from './tables';
import {
  codeAt,
  createStaff,
  firstSignIn,
  passwordStep,
  post,
  superuserSession,
} from './test-support';

/**
 * A superuser resets another staff member's second factor (a lost phone): the secret and the
 * recovery codes go, every session and half-done sign-in ends, and the member enrols again at
 * the next sign-in when the factor is required. On a fixed clock, as the TOTP tests.
 */
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

const patch = (id: number, payload: unknown, access = root.access) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/accounts/admin/staff/${id}/`,
    payload: payload as object,
    headers: { authorization: `Bearer ${access}`, 'x-forwarded-for': '203.0.113.9' },
  });

const me = (access: string) =>
  t.app.inject({ url: '/api/accounts/user/', headers: { authorization: `Bearer ${access}` } });

const setRequired = (required: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/accounts/admin/security-settings/',
    payload: { totp_required: required },
    headers: { authorization: `Bearer ${root.access}` },
  });

/** A staff member with the second factor on, signed in with a code: session, secret, codes. */
async function enrolled(username: string) {
  const { id } = await createStaff(t, root.access, username);
  const first = (await firstSignIn(t, username)).json();
  const { secret } = (await post(t, '/api/accounts/admin/totp/enrol/', {}, first.access)).json();
  const confirm = await post(
    t,
    '/api/accounts/admin/totp/enrol/confirm/',
    { code: await codeAt(secret, clock) },
    first.access,
  );
  expect(confirm.statusCode, confirm.body).toBe(200);
  advance(30);
  const challenge = (await passwordStep(t, username, 'chosen-pass-1')).json().challenge;
  const session = await post(t, '/api/accounts/admin/login/verify-code/', {
    challenge,
    code: await codeAt(secret, clock),
  });
  expect(session.statusCode, session.body).toBe(200);
  advance(30);
  return {
    id,
    secret,
    recoveryCodes: confirm.json().recovery_codes as string[],
    access: session.json().access as string,
    refresh: session.cookies.find((c) => c.name === 'admin_refresh')!.value,
  };
}

async function factorRows(userId: number) {
  const totp = await t.database.db.select().from(staffTotp).where(eq(staffTotp.userId, userId));
  const codes = await t.database.db
    .select()
    .from(staffRecoveryCodes)
    .where(eq(staffRecoveryCodes.userId, userId));
  return { totp: totp.length, codes: codes.length };
}

describe('resetting a staff member’s second factor', () => {
  it('removes the secret and the recovery codes, ends every session, and is audited once', async () => {
    const member = await enrolled('lost-phone');
    expect(await factorRows(member.id)).toEqual({ totp: 1, codes: 10 });
    // A sign-in half done (password given, code not yet) ends too.
    const pending = (await passwordStep(t, 'lost-phone', 'chosen-pass-1')).json();
    expect(pending.next).toBe('totp');

    const res = await patch(member.id, { reset_second_factor: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id, totp_enabled: false, is_active: true });
    expect(await factorRows(member.id)).toEqual({ totp: 0, codes: 0 });

    expect((await me(member.access)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      headers: { 'x-portal': 'admin', cookie: `admin_refresh=${member.refresh}` },
    });
    expect(refreshed.statusCode).toBe(401);
    const late = await post(t, '/api/accounts/admin/login/verify-code/', {
      challenge: pending.challenge,
      code: await codeAt(member.secret, clock),
    });
    expect(late.statusCode).toBe(401);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'staff.second_factor.reset'), eq(auditLog.subject, 'lost-phone')),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: root.userId,
      details: { user_id: member.id },
      ip: '203.0.113.9',
    });
    expect(JSON.stringify(audits[0])).not.toContain(member.secret);
  });

  it('without the requirement, the password alone signs in again', async () => {
    const member = await enrolled('optional-factor');
    await patch(member.id, { reset_second_factor: true });
    const next = await passwordStep(t, 'optional-factor', 'chosen-pass-1');
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ access: expect.any(String) });
  });

  it('when the factor is required, the next sign-in goes to enrolment with a new secret', async () => {
    const member = await enrolled('must-enrol');
    expect((await setRequired(true)).statusCode).toBe(200);
    try {
      await patch(member.id, { reset_second_factor: true });
      const step = await passwordStep(t, 'must-enrol', 'chosen-pass-1');
      expect(step.json()).toEqual({ challenge: expect.any(String), next: 'enrol_totp' });
      const challenge = step.json().challenge;
      const enrol = await post(t, '/api/accounts/admin/login/enrol-totp/', { challenge });
      expect(enrol.statusCode, enrol.body).toBe(200);
      const { secret } = enrol.json();
      expect(secret).not.toBe(member.secret);
      const done = await post(t, '/api/accounts/admin/login/enrol-totp/confirm/', {
        challenge,
        code: await codeAt(secret, clock),
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().recovery_codes).toHaveLength(10);
      expect(done.json().recovery_codes).not.toContain(member.recoveryCodes[0]);
      expect((await me(done.json().access)).statusCode).toBe(200);
    } finally {
      await setRequired(false);
    }
  });

  it('refuses one’s own factor, an account without one, and a bad value, with clear messages', async () => {
    const own = await patch(root.userId, { reset_second_factor: true });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(
      'You cannot reset your own second factor. Use one of your recovery codes, or ask another superuser.',
    );
    const { id } = await createStaff(t, root.access, 'no-factor');
    const none = await patch(id, { reset_second_factor: true });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This account has no second factor to reset.');
    const bad = await patch(id, { reset_second_factor: 'yes' });
    expect(bad.statusCode).toBe(400);
    // Nothing asked, nothing changed.
    expect((await patch(id, { reset_second_factor: false })).json()).toMatchObject({ id });
  });

  it('staff cannot reset anyone’s factor', async () => {
    const member = await enrolled('peer-a');
    await createStaff(t, root.access, 'peer-b');
    const staffAccess = (await firstSignIn(t, 'peer-b')).json().access;
    const res = await patch(member.id, { reset_second_factor: true }, staffAccess);
    expect(res.statusCode).toBe(403);
    expect(await factorRows(member.id)).toEqual({ totp: 1, codes: 10 });
  });
});
