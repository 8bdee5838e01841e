import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { auditLog } from '../audit';
import { hashPassword } from './passwords';
import { ensureStaffUser } from './service';
import { users } from './tables';

let t: TestApp;
let clock = new Date('2025-06-01T10:00:00Z');
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

// PGlite start-up plus argon2 can be slow on a busy machine.
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, { now: () => clock });
  await ensureStaffUser(t.database.db, { username: 'asha', password: 'staff-pass' });
  const staffHash = (await t.database.db.select().from(users).where(eq(users.username, 'asha')))[0]
    .passwordHash;
  await t.database.db.insert(users).values([
    { username: 'ravi', passwordHash: staffHash, isStaff: true },
    { username: 'meera', passwordHash: staffHash, isStaff: true },
    { username: 'former', passwordHash: staffHash, isStaff: true },
    { username: 'root', passwordHash: await hashPassword('root-pass'), isSuperuser: true },
    { username: 'client-with-name', phoneNumber: '9000000001', passwordHash: staffHash },
  ]);
}, 120_000);
afterAll(() => t.close());

const login = (username: string, password: string, ip = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/admin/login/',
    payload: { username, password },
    headers: { 'x-forwarded-for': ip },
  });

async function lastAudit() {
  const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

describe('admin login', () => {
  it('signs staff in through the admin portal and records it', async () => {
    const res = await login('asha', 'staff-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      access: expect.any(String),
      user: {
        id: expect.any(Number),
        phone_number: null,
        username: 'asha',
        is_staff: true,
        is_superuser: false,
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'admin_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/accounts/' });
    expect(await lastAudit()).toMatchObject({
      actorUserId: res.json().user.id,
      action: 'admin.login.succeeded',
      subject: 'asha',
      ip: '203.0.113.7',
    });

    const me = await t.app.inject({
      url: '/api/accounts/user/',
      headers: { authorization: `Bearer ${res.json().access}` },
    });
    expect(me.json()).toEqual(res.json().user);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      headers: { 'x-portal': 'admin', cookie: `admin_refresh=${cookie.value}` },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.username).toBe('asha');
  });

  it('lets a superuser in', async () => {
    const res = await login('root', 'root-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ is_staff: false, is_superuser: true });
  });

  it('gives the same 401 for a wrong password, an unknown name and a non-staff user', async () => {
    const answers = [
      await login('ravi', 'wrong-pass'),
      await login('nobody', 'staff-pass'),
      await login('client-with-name', 'staff-pass'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials' });
      expect(res.cookies).toHaveLength(0);
    }
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.login.failed'))
      .orderBy(desc(auditLog.id))
      .limit(3);
    expect(rows.map((row) => [row.subject, row.details])).toEqual([
      ['client-with-name', { reason: 'not_staff' }],
      ['nobody', { reason: 'unknown_user' }],
      ['ravi', { reason: 'wrong_password' }],
    ]);
  });

  it('locks a username for 30 seconds after 3 failures, then counts afresh', async () => {
    expect((await login('meera', 'bad-1')).statusCode).toBe(401);
    expect((await login('meera', 'bad-2')).statusCode).toBe(401);
    const third = await login('meera', 'bad-3');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('30');
    expect(third.json()).toEqual({
      message: 'Too many failed attempts. Account locked for 30 seconds.',
    });

    advance(12);
    const right = await login('meera', 'staff-pass');
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe('18');
    expect(await lastAudit()).toMatchObject({
      action: 'admin.login.failed',
      details: { reason: 'locked' },
    });
    // Another username is not affected.
    expect((await login('asha', 'staff-pass')).statusCode).toBe(200);

    advance(18);
    expect((await login('meera', 'bad-4')).statusCode).toBe(401);
    expect((await login('meera', 'staff-pass')).statusCode).toBe(200);
    // A success clears the count: two more failures are still only 401s.
    expect((await login('meera', 'bad-5')).statusCode).toBe(401);
    expect((await login('meera', 'bad-6')).statusCode).toBe(401);
  });

  it('stops refreshing an admin session once the user is no longer staff', async () => {
    const res = await login('former', 'staff-pass');
    const cookie = res.cookies.find((c) => c.name === 'admin_refresh')!.value;
    await t.database.db.update(users).set({ isStaff: false }).where(eq(users.username, 'former'));
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      headers: { 'x-portal': 'admin', cookie: `admin_refresh=${cookie}` },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  // PostgreSQL text cannot hold a NUL: looking such a name up failed with a 500.
  it('refuses a username with a NUL character, without quoting it', async () => {
    const res = await login('asha\u0000', 'staff-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Username contains a character that is not allowed',
      errors: { username: 'Username contains a character that is not allowed' },
    });
  });

  it('requires both fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/admin/login/',
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Username is required',
      errors: { username: 'Username is required', password: 'Password is required' },
    });
  });
});
