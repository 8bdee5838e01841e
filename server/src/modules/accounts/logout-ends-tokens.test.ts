import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { ensureStaffUser } from './service';

/** Probe finding 3: an access token kept working after its sign-in's logout until it expired. */
describe('logout ends the access tokens of that sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureStaffUser(t.database.db, { username: 'meera', password: 'staff-pass' });
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, access: string) =>
    t.app.inject({ url, headers: { authorization: `Bearer ${access}` } });
  const logout = (access: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/accounts/logout/',
      headers: { authorization: `Bearer ${access}`, cookie },
    });

  it("a client's token stops reading the account; another sign-in of theirs goes on", async () => {
    const { phone, password, access, cookie } = await signUpThroughApi(t);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/login/',
      payload: { mobile: phone, password },
    });
    expect((await get('/api/accounts/user/', access)).statusCode).toBe(200);
    expect((await logout(access, `client_refresh=${cookie}`)).statusCode).toBe(200);
    expect((await get('/api/accounts/user/', access)).statusCode).toBe(401);
    expect((await get('/api/registration/registration/status/', access)).statusCode).toBe(401);
    expect((await get('/api/accounts/user/', other.json().access)).statusCode).toBe(200);
  });

  it('a staff token stops reading the applicants list', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/admin/login/',
      payload: { username: 'meera', password: 'staff-pass' },
    });
    const access = login.json().access as string;
    const cookie = login.cookies.find((c) => c.name === 'admin_refresh')!.value;
    expect((await get('/api/registration/admin/profiles/', access)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/logout/',
      headers: {
        authorization: `Bearer ${access}`,
        cookie: `admin_refresh=${cookie}`,
        'x-portal': 'admin',
      },
    });
    expect((await get('/api/registration/admin/profiles/', access)).statusCode).toBe(401);
  });

  it('a token from a refresh belongs to the same sign-in and ends with it', async () => {
    const { access: first, cookie } = await signUpThroughApi(t);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      headers: { 'x-portal': 'client', cookie: `client_refresh=${cookie}` },
    });
    const access = refreshed.json().access as string;
    const newCookie = refreshed.cookies.find((c) => c.name === 'client_refresh')!.value;
    expect((await get('/api/accounts/user/', access)).statusCode).toBe(200);
    await logout(access, `client_refresh=${newCookie}`);
    expect((await get('/api/accounts/user/', access)).statusCode).toBe(401);
    expect((await get('/api/accounts/user/', first)).statusCode).toBe(401);
  });
});
