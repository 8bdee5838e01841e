import { expect } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { createStaffSession, type TestSession } from '../../test/sessions';

/**
 * A staff member who signed in, then was disabled by a superuser through
 * PATCH /api/accounts/admin/staff/{id}/ { is_active: false }. The token from before the disabling
 * is returned: the server must now refuse it (401), as the staff authz matrix's disabled caller.
 */
export async function disabledStaffSession(
  t: TestApp,
  opts: { superuser?: TestSession; username?: string } = {},
): Promise<TestSession> {
  const root = opts.superuser ?? (await createStaffSession(t, { superuser: true }));
  const staff = await createStaffSession(t, { username: opts.username });
  // The token works before: a later 401 is the disabling's doing.
  const totp = (headers: Record<string, string>) =>
    t.app.inject({ url: '/api/accounts/admin/totp/', headers });
  expect((await totp(staff.headers)).statusCode).toBe(200);
  const off = await t.app.inject({
    method: 'PATCH',
    url: `/api/accounts/admin/staff/${staff.userId}/`,
    payload: { is_active: false },
    headers: root.headers,
  });
  expect(off.statusCode, off.body).toBe(200);
  expect(off.json()).toMatchObject({ id: staff.userId, is_active: false });
  expect((await totp(staff.headers)).statusCode).toBe(401);
  return staff;
}
