import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { ensureStaffUser } from '../accounts/service';

describe('audit rows and the client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    await ensureStaffUser(t.database.db, { username: 'lena', password: 'staff-pass' });
  }, 120_000);
  afterAll(() => t.close());

  // Behind a proxy (TRUST_PROXY) the address comes from X-Forwarded-For, which the caller writes.
  // A failed staff login records its audit row before it counts the failure, so an address too
  // long for the row must not end the request early: the lockout would never come.
  it('a forwarded address longer than any IP cannot skip the staff login lockout', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/admin/login/',
        payload: { username: 'lena', password: 'wrong-pass' },
        headers: { 'x-forwarded-for': 'f'.repeat(100) },
      });
    expect((await login()).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(401);
    const locked = await login();
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: 'Too many failed attempts. Account locked for 30 seconds.',
    });
  });
});
