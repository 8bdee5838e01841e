import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, test } from 'vitest';
import { createApiClient } from '../create-api-client';
import { ApiClientError } from '../errors/api-client-error';
import { createMemoryStorage } from '../session/storage';
import { classifyPaymentStatus, normalizePaymentOrder } from './payments';

const BASE = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface Seen {
  method: string;
  path: string;
  search: string;
  body: string;
  authorization: string | null;
  contentType: string | null;
}

/** Answers every request with `reply` and records what arrived. */
function recordAll(reply: unknown = {}) {
  const seen: Seen[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        path: url.pathname,
        search: url.search,
        body: await request.text(),
        authorization: request.headers.get('authorization'),
        contentType: request.headers.get('content-type'),
      });
      return HttpResponse.json(reply as Record<string, unknown>);
    }),
  );
  return seen;
}

function newClient(portal: 'client' | 'admin' = 'client') {
  const storage = createMemoryStorage();
  return { storage, client: createApiClient({ baseURL: BASE, portal, storage }) };
}

const profile = {
  full_name: 'Anita Nair',
  contact_number: '9876543210',
  alternative_contact_number: '',
  aadhaar_number: '2345 6789 0124',
  pan_number: 'ABCDE1234F',
  bank_name: 'State Bank of India',
  account_number: '123456789012',
  ifsc_code: 'SBIN0001234',
  full_address: '12 MG Road, Ernakulam',
  city: 'Kochi',
  state: 'Kerala',
  pin_code: '682011',
  loan_type: 'Home Loan',
  loan_amount: '500000',
  consent_notice_version: '2026-11',
};

type Call = (client: ReturnType<typeof createApiClient>) => Promise<unknown>;

describe('every call of spec section 7 uses its method, path and body', () => {
  test.each<[string, Call, string, string, unknown]>([
    [
      'sendOtp',
      (c) => c.sendOtp({ mobile: '9876543210' }),
      'POST',
      '/api/accounts/otp/send/',
      { mobile: '9876543210' },
    ],
    [
      'requestPasswordReset',
      (c) => c.requestPasswordReset({ phone_number: '9876543210' }),
      'POST',
      '/api/accounts/auth/forgot-password/request/',
      { phone_number: '9876543210' },
    ],
    [
      'verifyPasswordResetOtp',
      (c) => c.verifyPasswordResetOtp({ phone_number: '9876543210', otp: '123456' }),
      'POST',
      '/api/accounts/auth/forgot-password/verify/',
      { phone_number: '9876543210', otp: '123456' },
    ],
    [
      'resetPassword',
      (c) =>
        c.resetPassword({ phone_number: '9876543210', reset_token: 't', new_password: 'secret1' }),
      'POST',
      '/api/accounts/auth/forgot-password/reset/',
      { phone_number: '9876543210', reset_token: 't', new_password: 'secret1' },
    ],
    [
      'login',
      (c) => c.login({ mobile: '9876543210', password: 'secret1' }),
      'POST',
      '/api/accounts/auth/login/',
      { mobile: '9876543210', password: 'secret1' },
    ],
    [
      'signup',
      (c) => c.signup({ phone_number: '9876543210', password: 'secret1', otp: '123456' }),
      'POST',
      '/api/accounts/signup/',
      { phone_number: '9876543210', password: 'secret1', otp: '123456' },
    ],
    [
      'adminLogin',
      (c) => c.adminLogin({ username: 'staff', password: 'secret1' }),
      'POST',
      '/api/accounts/admin/login/',
      { username: 'staff', password: 'secret1' },
    ],
    ['getCurrentUser', (c) => c.getCurrentUser(), 'GET', '/api/accounts/user/', ''],
    ['logout', (c) => c.logout(), 'POST', '/api/accounts/logout/', ''],
    ['refreshToken', (c) => c.refreshToken(), 'POST', '/api/accounts/token/refresh/', ''],
    [
      'submitProfile (Aadhaar without spaces)',
      (c) => c.submitProfile(profile),
      'POST',
      '/api/registration/profile/',
      { ...profile, aadhaar_number: '234567890124' },
    ],
    [
      'getRegistrationStatus',
      (c) => c.getRegistrationStatus(),
      'GET',
      '/api/registration/registration/status/',
      '',
    ],
    ['getApplication', (c) => c.getApplication(), 'GET', '/api/registration/application/', ''],
    [
      'lookupIfsc',
      (c) => c.lookupIfsc('SBIN0001234'),
      'GET',
      '/api/registration/ifsc/SBIN0001234/',
      '',
    ],
    ['getProfileDraft', (c) => c.getProfileDraft(), 'GET', '/api/registration/draft/', ''],
    [
      'saveProfileDraft',
      (c) => c.saveProfileDraft({ step: 1, values: { full_name: 'Anita' } }),
      'PUT',
      '/api/registration/draft/',
      { step: 1, values: { full_name: 'Anita' } },
    ],
    ['deleteProfileDraft', (c) => c.deleteProfileDraft(), 'DELETE', '/api/registration/draft/', ''],
    [
      'createPaymentOrder',
      (c) => c.createPaymentOrder({ amount: 10, currency: 'INR', user_id: 1, registration_id: 2 }),
      'POST',
      '/api/registration/cashfree/create-order/',
      { amount: 10, currency: 'INR', user_id: 1, registration_id: 2 },
    ],
    [
      'getPaymentStatus',
      (c) => c.getPaymentStatus('order_1'),
      'GET',
      '/api/registration/cashfree-status/order_1/',
      '',
    ],
    ['getDashboard', (c) => c.getDashboard(), 'GET', '/api/registration/admin/dashboard/', ''],
    ['listProfiles', (c) => c.listProfiles(), 'GET', '/api/registration/admin/profiles/', ''],
    [
      'exportProfiles',
      (c) => c.exportProfiles(),
      'GET',
      '/api/registration/admin/profiles/export/',
      '',
    ],
    [
      'toggleDelivered',
      (c) => c.toggleDelivered(42),
      'POST',
      '/api/registration/registration/42/toggle-delivered/',
      '',
    ],
    [
      'getApplicant',
      (c) => c.getApplicant(42),
      'GET',
      '/api/registration/admin/applications/42/',
      '',
    ],
    [
      'transitionApplication',
      (c) =>
        c.transitionApplication(42, {
          to: 'rejected',
          expected_status: 'under_review',
          reason: 'r',
        }),
      'POST',
      '/api/registration/admin/applications/42/transition/',
      { to: 'rejected', expected_status: 'under_review', reason: 'r' },
    ],
    [
      'addApplicationNote',
      (c) => c.addApplicationNote(42, 'Called the applicant'),
      'POST',
      '/api/registration/admin/applications/42/notes/',
      { text: 'Called the applicant' },
    ],
    [
      'revealApplicantNumber',
      (c) => c.revealApplicantNumber(42, 'aadhaar_number'),
      'POST',
      '/api/registration/admin/applications/42/reveal/',
      { field: 'aadhaar_number' },
    ],
  ])('%s', async (_name, call, method, path, body) => {
    const seen = recordAll({ access: 'a', order_id: 'o', payment_session_id: 's' });
    const { client } = newClient();
    await call(client);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method, path });
    expect(seen[0]?.body === '' ? '' : JSON.parse(seen[0]!.body)).toEqual(body);
    // Bodiless calls must not announce a JSON body (a strict server rejects an empty one).
    expect(seen[0]?.contentType).toBe(body === '' ? null : 'application/json');
  });
});

describe('lookups that may find nothing', () => {
  it('lookupIfsc and getProfileDraft answer null on 404 and throw on other failures', async () => {
    server.use(
      http.get(`${BASE}/api/registration/ifsc/:code/`, () =>
        HttpResponse.json({ message: 'IFSC not found' }, { status: 404 }),
      ),
      http.get(`${BASE}/api/registration/draft/`, () =>
        HttpResponse.json({ message: 'oops' }, { status: 500 }),
      ),
    );
    const { client } = newClient();
    expect(await client.lookupIfsc('ABCD0123456')).toBeNull();
    await expect(client.getProfileDraft()).rejects.toThrow();
  });
});

describe('sessions', () => {
  it('login stores role client, the access token and the user, and sends the token afterwards', async () => {
    const user = { id: 7, phone_number: '9876543210' };
    const seen = recordAll({ access: 'client-token', user });
    const { client, storage } = newClient();

    await client.login({ mobile: '9876543210', password: 'secret1' });
    await client.getApplication();

    expect(storage.getItem('role')).toBe('client');
    expect(storage.getItem('client_access_token')).toBe('client-token');
    expect(JSON.parse(storage.getItem('client_user')!)).toEqual(user);
    // Not sent, so not written: the refresh token lives in the httpOnly cookie.
    expect(storage.getItem('client_refresh_token')).toBeNull();
    expect(seen[1]?.authorization).toBe('Bearer client-token');
  });

  it('signup and admin login store a refresh token when the server sends one', async () => {
    const signup = newClient();
    recordAll({ access: 'c', refresh: 'cr', user: { id: 1, phone_number: '9876543210' } });
    await signup.client.signup({ phone_number: '9876543210', password: 'secret1', otp: '123456' });
    expect(signup.storage.getItem('client_refresh_token')).toBe('cr');

    const admin = newClient('admin');
    const staff = { id: 2, username: 'staff', is_staff: true, is_superuser: false };
    recordAll({ access: 'a', refresh: 'ar', user: staff });
    await admin.client.adminLogin({ username: 'staff', password: 'secret1' });
    expect(admin.storage.getItem('role')).toBe('admin');
    expect(admin.storage.getItem('admin_access_token')).toBe('a');
    expect(admin.storage.getItem('admin_refresh_token')).toBe('ar');
    expect(JSON.parse(admin.storage.getItem('admin_user')!)).toEqual(staff);
  });

  it('the admin client sends the admin token and X-Portal: admin on refresh', async () => {
    const { client, storage } = newClient('admin');
    storage.setItem('admin_access_token', 'admin-token');
    storage.setItem('client_access_token', 'client-token');
    const portals: (string | null)[] = [];
    const auth: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/api/registration/admin/dashboard/`, ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return HttpResponse.json({});
      }),
      http.post(`${BASE}/api/accounts/token/refresh/`, ({ request }) => {
        portals.push(request.headers.get('x-portal'));
        return HttpResponse.json({ access: 'renewed' });
      }),
    );
    await client.getDashboard();
    await client.refreshToken();
    expect(auth).toEqual(['Bearer admin-token']);
    expect(portals).toEqual(['admin']);
    expect(storage.getItem('admin_access_token')).toBe('renewed');
  });

  it('logout clears the session even when the server call fails', async () => {
    const { client, storage } = newClient();
    storage.setItem('role', 'client');
    storage.setItem('client_access_token', 't');
    storage.setItem('client_user', '{"id":1}');
    server.use(
      http.post(`${BASE}/api/accounts/logout/`, () =>
        HttpResponse.json({ message: 'down' }, { status: 500 }),
      ),
    );
    await expect(client.logout()).rejects.toMatchObject({ response: { status: 500 } });
    expect(storage.getItem('role')).toBeNull();
    expect(storage.getItem('client_access_token')).toBeNull();
    expect(storage.getItem('client_user')).toBeNull();
  });

  it.each(['client', 'admin'] as const)(
    'the %s logout names its portal so the server revokes the right refresh cookie',
    async (portal) => {
      const { client } = newClient(portal);
      const portals: (string | null)[] = [];
      server.use(
        http.post(`${BASE}/api/accounts/logout/`, ({ request }) => {
          portals.push(request.headers.get('x-portal'));
          return HttpResponse.json({ message: 'Logged out' });
        }),
      );
      await client.logout();
      expect(portals).toEqual([portal]);
    },
  );

  it('works without localStorage (Node): the session falls back to memory', async () => {
    expect('localStorage' in globalThis && globalThis.localStorage).toBeFalsy();
    recordAll({ access: 'mem', user: { id: 1, phone_number: '9876543210' } });
    const client = createApiClient({ baseURL: BASE, portal: 'client' });
    await client.login({ mobile: '9876543210', password: 'secret1' });
    expect(client.session.getAccessToken()).toBe('mem');
  });
});

describe('listProfiles', () => {
  it('sends page 1 and page size 10 by default and leaves out empty filters', async () => {
    const seen = recordAll({ results: [], pagination: {} });
    const { client } = newClient('admin');
    await client.listProfiles({ search: '', from_date: '2025-01-01', to_date: '2025-02-01' });
    await client.listProfiles({ page: 3, page_size: 20, search: 'anita' });
    expect(Object.fromEntries(new URLSearchParams(seen[0]?.search))).toEqual({
      page: '1',
      page_size: '10',
      from_date: '2025-01-01',
      to_date: '2025-02-01',
    });
    expect(Object.fromEntries(new URLSearchParams(seen[1]?.search))).toEqual({
      page: '3',
      page_size: '20',
      search: 'anita',
    });
  });
});

describe('exportProfiles', () => {
  const EXPORT = `${BASE}/api/registration/admin/profiles/export/`;
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  function exportAnswers(headers: Record<string, string>) {
    server.use(
      http.get(EXPORT, () => new HttpResponse(new Uint8Array([80, 75, 3, 4]), { headers })),
    );
  }

  test.each([
    ['attachment; filename="Applicants_2025-01.xlsx"', 'Applicants_2025-01.xlsx'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    [
      'attachment; filename="x.xlsx"; filename*=UTF-8\'\'Profiles%20%E2%82%B9.xlsx',
      'Profiles ₹.xlsx',
    ],
  ])('takes the file name from Content-Disposition %j', async (disposition, fileName) => {
    exportAnswers({ 'Content-Type': XLSX, 'Content-Disposition': disposition });
    const { client } = newClient('admin');
    const result = await client.exportProfiles({ from_date: '2025-01-01', to_date: '2025-01-31' });
    expect(result.fileName).toBe(fileName);
    expect(result.blob.type).toBe(XLSX);
    expect([...new Uint8Array(await result.blob.arrayBuffer())]).toEqual([80, 75, 3, 4]);
  });

  test.each([
    [{ from_date: '2025-01-01', to_date: '2025-01-31' }, 'Profiles_2025-01-01_to_2025-01-31.xlsx'],
    [{ to_date: '2025-01-31' }, 'Profiles_start_to_2025-01-31.xlsx'],
    [{ from_date: '2025-01-01' }, 'Profiles_2025-01-01_to_end.xlsx'],
    [{}, 'Profiles_start_to_end.xlsx'],
  ])('falls back to the spec name for %j', async (params, fileName) => {
    exportAnswers({ 'Content-Type': XLSX });
    const { client } = newClient('admin');
    expect((await client.exportProfiles(params)).fileName).toBe(fileName);
  });

  it('sends the search with the dates, and leaves out empty filters', async () => {
    const queries: string[] = [];
    server.use(
      http.get(EXPORT, ({ request }) => {
        queries.push(new URL(request.url).search);
        return new HttpResponse(new Uint8Array([80, 75]), { headers: { 'Content-Type': XLSX } });
      }),
    );
    const { client } = newClient('admin');
    await client.exportProfiles({
      from_date: '2025-01-01',
      to_date: '2025-01-31',
      search: 'Priya',
    });
    await client.exportProfiles({ from_date: '2025-01-01', search: '' });
    expect(queries).toEqual([
      '?from_date=2025-01-01&to_date=2025-01-31&search=Priya',
      '?from_date=2025-01-01',
    ]);
  });
});

describe('toggleDelivered', () => {
  it('resolves to what the server answers: the id and the new flag, no status', async () => {
    server.use(
      http.post(`${BASE}/api/registration/registration/:id/toggle-delivered/`, ({ params }) =>
        HttpResponse.json({ id: Number(params.id), delivered: true }),
      ),
    );
    const { client } = newClient('admin');
    const result = await client.toggleDelivered(42);
    expect(result).toEqual({ id: 42, delivered: true });
    expectTypeOf(result).toEqualTypeOf<{ id: number; delivered: boolean }>();
  });
});

describe('payment orders', () => {
  test.each([
    ['snake case', { order_id: 'o1', payment_session_id: 's1' }],
    ['camel case', { orderId: 'o1', paymentSessionId: 's1' }],
    ['nested under data', { data: { order_id: 'o1', paymentSessionId: 's1' } }],
    ['split between levels', { orderId: 'o1', data: { payment_session_id: 's1' } }],
  ])('normalises the %s shape', (_name, raw) => {
    expect(normalizePaymentOrder(raw)).toEqual({ order_id: 'o1', payment_session_id: 's1' });
  });

  test.each([
    [{ payment_session_id: 's1' }, 'Payment order response is missing order_id'],
    [{ data: { orderId: 'o1' } }, 'Payment order response is missing payment_session_id'],
    [{ order_id: '', payment_session_id: 's' }, 'Payment order response is missing order_id'],
    [{}, 'Payment order response is missing order_id and payment_session_id'],
    [null, 'Payment order response is missing order_id and payment_session_id'],
  ])('names what is missing in %j', (raw, message) => {
    expect(() => normalizePaymentOrder(raw)).toThrow(ApiClientError);
    expect(() => normalizePaymentOrder(raw)).toThrow(message);
  });

  it('createPaymentOrder returns the normalised order from a real answer', async () => {
    server.use(
      http.post(`${BASE}/api/registration/cashfree/create-order/`, () =>
        HttpResponse.json({ data: { orderId: 'order_9', paymentSessionId: 'session_9' } }),
      ),
    );
    const { client } = newClient();
    await expect(client.createPaymentOrder({ amount: 10, currency: 'INR' })).resolves.toEqual({
      order_id: 'order_9',
      payment_session_id: 'session_9',
    });
  });

  it('createPaymentOrder rejects an answer without a session id', async () => {
    server.use(
      http.post(`${BASE}/api/registration/cashfree/create-order/`, () =>
        HttpResponse.json({ order_id: 'order_9' }),
      ),
    );
    const { client } = newClient();
    await expect(client.createPaymentOrder({ amount: 10 })).rejects.toThrow(
      'Payment order response is missing payment_session_id',
    );
  });
});

describe('classifyPaymentStatus', () => {
  test.each([
    ['SUCCESS', 'success'],
    ['PAID', 'success'],
    ['COMPLETED', 'success'],
    ['paid', 'success'],
    ['FAILED', 'failure'],
    ['ERROR', 'failure'],
    ['PENDING', 'pending'],
    ['ACTIVE', 'pending'],
    [undefined, 'pending'],
  ])('%j -> %s', (status, outcome) => {
    expect(classifyPaymentStatus(status)).toBe(outcome);
  });
});

describe('getCurrentUser', () => {
  it('returns the user and keeps the stored copy current', async () => {
    const staff = { id: 2, username: 'staff', is_staff: true, is_superuser: false };
    recordAll(staff);
    const { client, storage } = newClient('admin');
    expect(await client.getCurrentUser()).toEqual(staff);
    expect(JSON.parse(storage.getItem('admin_user')!)).toEqual(staff);
  });
});

describe('language (issue 16)', () => {
  it('sends Accept-Language with the current locale on every request', async () => {
    const languages: (string | null)[] = [];
    server.use(
      http.all(`${BASE}/*`, ({ request }) => {
        languages.push(request.headers.get('accept-language'));
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    let locale: 'en' | 'hi' = 'hi';
    const client = createApiClient({
      baseURL: BASE,
      portal: 'client',
      storage: createMemoryStorage(),
      getLocale: () => locale,
    });
    await client.sendOtp({ mobile: '9876543210' });
    locale = 'en';
    await client.sendOtp({ mobile: '9876543210' });
    expect(languages).toEqual(['hi', 'en']);
  });

  it('PATCHes the account language and keeps the stored user current', async () => {
    const seen = recordAll({ language: 'hi' });
    const { client, storage } = newClient('client');
    client.session.save({ access: 'a', user: { id: 1, phone_number: '9876543210' } });
    expect(await client.setLanguage('hi')).toEqual({ language: 'hi' });
    expect(seen[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/accounts/me/language/',
      body: JSON.stringify({ language: 'hi' }),
    });
    expect(JSON.parse(storage.getItem('client_user')!)).toMatchObject({ preferred_language: 'hi' });
  });
});
