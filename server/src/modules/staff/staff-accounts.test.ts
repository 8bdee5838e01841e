import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { auditLog } from '../audit';
import { createStaff, firstSignIn, passwordStep, post, superuserSession } from './test-support';

let t: TestApp;
let root: { access: string; userId: number };

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
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

const refresh = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/token/refresh/',
    headers: { 'x-portal': 'admin', cookie: `admin_refresh=${cookie}` },
  });

const me = (access: string) =>
  t.app.inject({ url: '/api/accounts/user/', headers: { authorization: `Bearer ${access}` } });

async function auditsOf(userId: number) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.actorUserId, root.userId))
    .orderBy(desc(auditLog.id));
  return rows.filter((row) => (row.details as { user_id?: number } | null)?.user_id === userId);
}

describe('staff accounts', () => {
  it('creates an account whose temporary password must be changed at the first sign-in', async () => {
    const created = await createStaff(t, root.access, 'neha');
    expect(created).toEqual({
      id: expect.any(Number),
      username: 'neha',
      is_staff: true,
      is_superuser: false,
      is_active: true,
      must_change_password: true,
      totp_enabled: false,
      created_at: expect.any(String),
    });
    const first = await passwordStep(t, 'neha', 'temporary-1');
    // No session yet: no token, no cookie; only a challenge for the new password.
    expect(first.json()).toEqual({ challenge: expect.any(String), next: 'change_password' });
    expect(first.cookies).toHaveLength(0);
    const same = await post(t, '/api/accounts/admin/login/change-password/', {
      challenge: first.json().challenge,
      new_password: 'temporary-1',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Choose a password different from the temporary one');
    const short = await post(t, '/api/accounts/admin/login/change-password/', {
      challenge: first.json().challenge,
      new_password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({
      new_password: 'Password must be at least 8 characters long',
    });
    const changed = await post(t, '/api/accounts/admin/login/change-password/', {
      challenge: first.json().challenge,
      new_password: 'chosen-pass-1',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ username: 'neha', is_staff: true });
    expect((await passwordStep(t, 'neha', 'temporary-1')).statusCode).toBe(401);
    expect((await passwordStep(t, 'neha', 'chosen-pass-1')).json().access).toEqual(
      expect.any(String),
    );
    const listed = await t.app.inject({
      url: '/api/accounts/admin/staff/',
      headers: { authorization: `Bearer ${root.access}` },
    });
    expect(listed.json().results).toContainEqual(
      expect.objectContaining({ username: 'neha', must_change_password: false }),
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.created'), eq(auditLog.subject, 'neha')));
    expect(audit).toMatchObject({ actorUserId: root.userId, details: { user_id: created.id } });
    expect(JSON.stringify(audit)).not.toContain('temporary-1');
  });

  it('refuses a taken username and bad input with clear messages', async () => {
    await createStaff(t, root.access, 'omar');
    const taken = await post(
      t,
      '/api/accounts/admin/staff/',
      { username: 'omar', password: 'temporary-1' },
      root.access,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This username is already taken.');
    const bad = await post(
      t,
      '/api/accounts/admin/staff/',
      { username: 'o', password: 'x' },
      root.access,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      username: 'Use 3-150 letters, digits and . _ @ + -',
      password: 'Password must be at least 8 characters long',
    });
    expect((await patch(999_999, { is_active: false })).statusCode).toBe(404);
    expect((await patch(root.userId, {})).json().message).toBe('Nothing to change.');
    expect((await patch(root.userId, { is_admin: true })).statusCode).toBe(400);
    expect((await patch(root.userId, { is_active: 'no' })).statusCode).toBe(400);
  });

  it('disabling ends every session at once; enabling lets the account sign in again', async () => {
    const { id } = await createStaff(t, root.access, 'priya');
    const session = await firstSignIn(t, 'priya');
    const access = session.json().access;
    const cookie = session.cookies.find((c) => c.name === 'admin_refresh')!.value;
    expect((await me(access)).statusCode).toBe(200);

    const off = await patch(id, { is_active: false });
    expect(off.json()).toMatchObject({ is_active: false });
    expect((await me(access)).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await passwordStep(t, 'priya', 'chosen-pass-1')).statusCode).toBe(401);

    const on = await patch(id, { is_active: true });
    expect(on.json()).toMatchObject({ is_active: true });
    // The old session stays ended; a new sign-in works.
    expect((await me(access)).statusCode).toBe(401);
    expect((await passwordStep(t, 'priya', 'chosen-pass-1')).statusCode).toBe(200);
    const actions = (await auditsOf(id)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.disabled', 'staff.enabled']));
  });

  it('a password reset is temporary again and ends the sessions', async () => {
    const { id } = await createStaff(t, root.access, 'rohit');
    const session = await firstSignIn(t, 'rohit');
    const reset = await patch(id, { reset_password: 'temporary-9' });
    expect(reset.json()).toMatchObject({ must_change_password: true });
    expect((await me(session.json().access)).statusCode).toBe(401);
    expect((await passwordStep(t, 'rohit', 'chosen-pass-1')).statusCode).toBe(401);
    expect((await passwordStep(t, 'rohit', 'temporary-9')).json().next).toBe('change_password');
    expect((await auditsOf(id)).map((row) => row.action)).toContain('staff.password.reset');
  });

  it('grants and withdraws superuser, never one’s own, and never disables oneself', async () => {
    const { id } = await createStaff(t, root.access, 'sara');
    const session = (await firstSignIn(t, 'sara')).json();
    const staffList = await t.app.inject({
      url: '/api/accounts/admin/staff/',
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(staffList.statusCode).toBe(403);

    expect((await patch(id, { is_superuser: true })).json()).toMatchObject({ is_superuser: true });
    // The role is read per request: the same token now reaches the superuser's routes.
    const asSuper = await t.app.inject({
      url: '/api/accounts/admin/staff/',
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(asSuper.statusCode).toBe(200);
    const self = await patch(id, { is_superuser: false }, session.access);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot withdraw your own superuser role.');
    const disableSelf = await patch(id, { is_active: false }, session.access);
    expect(disableSelf.statusCode).toBe(409);
    expect(disableSelf.json().message).toBe('You cannot disable your own account.');

    const withdrawn = await patch(id, { is_superuser: false });
    expect(withdrawn.json()).toMatchObject({ is_superuser: false, is_staff: true });
    const actions = (await auditsOf(id)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['staff.superuser.granted', 'staff.superuser.withdrawn']),
    );
  });

  it('audits the security setting', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/admin/security-settings/',
      payload: { totp_required: false },
      headers: { authorization: `Bearer ${root.access}` },
    });
    expect(res.json()).toEqual({ totp_required: false });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['staff.settings.changed']));
    expect(rows.at(-1)).toMatchObject({
      actorUserId: root.userId,
      details: { totp_required: false },
    });
  });
});
