import { randomInt } from 'node:crypto';
import { users } from '../modules/accounts/tables';
import type { TestApp } from './helpers';

export interface TestSession {
  userId: number;
  phone: string;
  token: string;
  headers: { authorization: string };
}

/** Never a valid argon2 hash: users made here cannot sign in with a password, only the token. */
const NO_PASSWORD = '!test-session';

/** A random valid Indian mobile number (10 digits, first 6-9). */
export function randomPhone(): string {
  return `${randomInt(6, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/** A client with an access token from the client portal, as after a login. */
export async function createClientSession(
  t: TestApp,
  opts: { phone?: string } = {},
): Promise<TestSession> {
  const phone = opts.phone ?? randomPhone();
  const [user] = await t.database.db
    .insert(users)
    .values({ phoneNumber: phone, passwordHash: NO_PASSWORD })
    .returning({ id: users.id });
  const token = await t.app.accessTokens.issue(user.id, 'client');
  return { userId: user.id, phone, token, headers: { authorization: `Bearer ${token}` } };
}

/** A staff member (or superuser) with an access token from the admin portal login. */
export async function createStaffSession(
  t: TestApp,
  opts: { superuser?: boolean; staff?: boolean; username?: string } = {},
): Promise<TestSession> {
  const username = opts.username ?? `staff_${randomInt(0, 1_000_000_000)}`;
  const [user] = await t.database.db
    .insert(users)
    .values({
      username,
      passwordHash: NO_PASSWORD,
      isStaff: opts.staff ?? true,
      isSuperuser: opts.superuser ?? false,
    })
    .returning({ id: users.id, phoneNumber: users.phoneNumber });
  const token = await t.app.accessTokens.issue(user.id, 'admin');
  return {
    userId: user.id,
    phone: user.phoneNumber ?? '',
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}
