import { generate } from 'otplib';
import { expect } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { ensureStaffUser } from '../accounts/service';

/** Test helpers of the staff module: sign-ins through the real routes. */

export const ip = (n = 7) => `203.0.113.${n}`;

export function post(t: TestApp, url: string, payload: unknown, access?: string, from = ip()) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: {
      'x-forwarded-for': from,
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
  });
}

export function passwordStep(t: TestApp, username: string, password: string, from = ip()) {
  return post(t, '/api/accounts/admin/login/', { username, password }, undefined, from);
}

/** A superuser made directly in the database (as the bootstrap admin is), signed in. */
export async function superuserSession(t: TestApp, username = 'root', password = 'root-pass-1') {
  await ensureStaffUser(t.database.db, { username, password, superuser: true });
  const res = await passwordStep(t, username, password);
  expect(res.statusCode, res.body).toBe(200);
  return { access: res.json().access as string, userId: res.json().user.id as number };
}

/** The code an authenticator app shows at `at` (seconds shifted by `stepOffset` steps). */
export function codeAt(secret: string, at: Date, stepOffset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) + stepOffset * 30 });
}

/** Creates a staff account through the superuser's route. */
export async function createStaff(
  t: TestApp,
  superAccess: string,
  username: string,
  password = 'temporary-1',
) {
  const res = await post(t, '/api/accounts/admin/staff/', { username, password }, superAccess);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; username: string };
}

/** Password step, then the new password: the session of a staff member without a second factor. */
export async function firstSignIn(
  t: TestApp,
  username: string,
  temporary = 'temporary-1',
  chosen = 'chosen-pass-1',
) {
  const first = await passwordStep(t, username, temporary);
  expect(first.json()).toEqual({ challenge: expect.any(String), next: 'change_password' });
  const changed = await post(t, '/api/accounts/admin/login/change-password/', {
    challenge: first.json().challenge,
    new_password: chosen,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return changed;
}
