import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaff, firstSignIn, passwordStep, superuserSession } from './test-support';

/**
 * Every route of the staff module, called as each kind of caller. The server decides: the
 * superuser-only routes answer 403 to staff, and a disabled account's tokens are refused (401).
 */
type Caller = 'anonymous' | 'client' | 'staff' | 'superuser' | 'disabled staff';
const CALLERS: Caller[] = ['anonymous', 'client', 'staff', 'superuser', 'disabled staff'];

let t: TestApp;
const tokens: Partial<Record<Caller, string>> = {};
let staffId = 0;
let disabledChallenge = '';

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  const root = await superuserSession(t);
  tokens.superuser = root.access;
  tokens.client = (await signUpThroughApi(t)).access;
  staffId = (await createStaff(t, root.access, 'matrix-staff')).id;
  tokens.staff = (await firstSignIn(t, 'matrix-staff')).json().access;
  const disabled = await createStaff(t, root.access, 'matrix-gone');
  tokens['disabled staff'] = (await firstSignIn(t, 'matrix-gone')).json().access;
  // A sign-in half done (a step due) when the account is disabled: its challenge ends too.
  await t.app.inject({
    method: 'PATCH',
    url: `/api/accounts/admin/staff/${disabled.id}/`,
    payload: { reset_password: 'temporary-2' },
    headers: { authorization: `Bearer ${root.access}` },
  });
  disabledChallenge = (await passwordStep(t, 'matrix-gone', 'temporary-2')).json().challenge;
  const off = await t.app.inject({
    method: 'PATCH',
    url: `/api/accounts/admin/staff/${disabled.id}/`,
    payload: { is_active: false },
    headers: { authorization: `Bearer ${root.access}` },
  });
  expect(off.statusCode, off.body).toBe(200);
}, 180_000);
afterAll(() => t.close());

interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: () => string;
  payload?: (caller: Caller) => unknown;
  expected: Record<Caller, number>;
}

const SUPERUSER_ONLY = {
  anonymous: 401,
  client: 403,
  staff: 403,
  'disabled staff': 401,
} as const;
const ANY_STAFF = { anonymous: 401, client: 403, 'disabled staff': 401 } as const;
/** The sign-in steps take no session: only a live challenge of the right step opens them. */
const CHALLENGE_ONLY = {
  anonymous: 401,
  client: 401,
  staff: 401,
  superuser: 401,
  'disabled staff': 401,
} as const;

let created = 0;
const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    url: () => '/api/accounts/admin/staff/',
    expected: { ...SUPERUSER_ONLY, superuser: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/accounts/admin/staff/',
    payload: () => ({ username: `made-${++created}`, password: 'temporary-1' }),
    expected: { ...SUPERUSER_ONLY, superuser: 201 },
  },
  {
    method: 'PATCH',
    url: () => `/api/accounts/admin/staff/${staffId}/`,
    payload: () => ({ is_superuser: false }),
    expected: { ...SUPERUSER_ONLY, superuser: 200 },
  },
  {
    method: 'PATCH',
    url: () => `/api/accounts/admin/staff/${staffId}/`,
    // Allowed in, then refused: this account has no second factor to reset (409, not 401/403).
    payload: () => ({ reset_second_factor: true }),
    expected: { ...SUPERUSER_ONLY, superuser: 409 },
  },
  {
    method: 'GET',
    url: () => '/api/accounts/admin/security-settings/',
    expected: { ...SUPERUSER_ONLY, superuser: 200 },
  },
  {
    method: 'PUT',
    url: () => '/api/accounts/admin/security-settings/',
    payload: () => ({ totp_required: false }),
    expected: { ...SUPERUSER_ONLY, superuser: 200 },
  },
  {
    method: 'GET',
    url: () => '/api/accounts/admin/totp/',
    expected: { ...ANY_STAFF, staff: 200, superuser: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/accounts/admin/totp/enrol/',
    expected: { ...ANY_STAFF, staff: 200, superuser: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/accounts/admin/totp/enrol/confirm/',
    // Allowed in, then refused for the wrong code: 400, not 401 or 403.
    payload: () => ({ code: '000000' }),
    expected: { ...ANY_STAFF, staff: 400, superuser: 400 },
  },
  {
    method: 'POST',
    url: () => '/api/accounts/admin/login/change-password/',
    payload: (caller) => ({
      challenge: caller === 'disabled staff' ? disabledChallenge : 'not-a-challenge',
      new_password: 'another-pass-1',
    }),
    expected: CHALLENGE_ONLY,
  },
  {
    method: 'POST',
    url: () => '/api/accounts/admin/login/verify-code/',
    payload: () => ({ challenge: 'not-a-challenge', code: '123456' }),
    expected: CHALLENGE_ONLY,
  },
  {
    method: 'POST',
    url: () => '/api/accounts/admin/login/enrol-totp/',
    payload: () => ({ challenge: 'not-a-challenge' }),
    expected: CHALLENGE_ONLY,
  },
  {
    method: 'POST',
    url: () => '/api/accounts/admin/login/enrol-totp/confirm/',
    payload: () => ({ challenge: 'not-a-challenge', code: '123456' }),
    expected: CHALLENGE_ONLY,
  },
];

describe('authorisation of every staff-module route', () => {
  for (const route of ROUTES) {
    for (const caller of CALLERS) {
      it(`${route.method} ${route.url()} as ${caller} → ${route.expected[caller]}`, async () => {
        const token = tokens[caller];
        const res = await t.app.inject({
          method: route.method,
          url: route.url(),
          ...(route.payload ? { payload: route.payload(caller) as object } : {}),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        expect(res.statusCode, res.body).toBe(route.expected[caller]);
        if (res.statusCode >= 400) expect(res.json().message).toEqual(expect.any(String));
      });
    }
  }

  it('refuses a disabled account at the password step with the answer of a wrong password', async () => {
    const res = await passwordStep(t, 'matrix-gone', 'temporary-2');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid credentials' });
  });
});
