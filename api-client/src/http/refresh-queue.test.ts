import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../create-api-client';
import { createMemoryStorage, type KeyValueStorage } from '../session/storage';

const BASE = 'http://api.test';
const APPLICATION = `${BASE}/api/registration/application/`;
const REFRESH = `${BASE}/api/accounts/token/refresh/`;
const LOGIN = `${BASE}/api/accounts/auth/login/`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function signedInClient(storage: KeyValueStorage = createMemoryStorage()) {
  storage.setItem('role', 'client');
  storage.setItem('client_access_token', 'old');
  storage.setItem('client_user', JSON.stringify({ id: 1, phone_number: '9876543210' }));
  const onSessionExpired = vi.fn();
  const client = createApiClient({ baseURL: BASE, portal: 'client', onSessionExpired, storage });
  return { client, storage, onSessionExpired };
}

/**
 * The application endpoint answers 401 unless the request carries the token `new`. Each of the
 * `n` first requests' 401 is counted; the refresh answer is held back until all `n` have been
 * answered, so every one of them meets the refresh while it is in flight.
 */
function protectedApi(options: { n: number; refresh: 'ok' | 'fail' | 'unauthorized' }) {
  const log = {
    refreshCalls: 0,
    hits: new Map<string, number>(),
    refreshRequests: [] as Request[],
  };
  const allRejected = deferred();
  let unauthorized = 0;
  server.use(
    http.get(APPLICATION, ({ request }) => {
      const id = new URL(request.url).searchParams.get('n') ?? '?';
      log.hits.set(id, (log.hits.get(id) ?? 0) + 1);
      if (request.headers.get('authorization') === 'Bearer new') {
        return HttpResponse.json({ application_id: Number(id), status: 'draft' });
      }
      unauthorized += 1;
      if (unauthorized >= options.n) allRejected.resolve();
      return HttpResponse.json({ message: 'Token expired' }, { status: 401 });
    }),
    http.post(REFRESH, async ({ request }) => {
      log.refreshCalls += 1;
      log.refreshRequests.push(request.clone());
      await allRejected.promise;
      if (options.refresh === 'ok') {
        return HttpResponse.json({ access: 'new', user: { id: 1, phone_number: '9876543210' } });
      }
      if (options.refresh === 'unauthorized') {
        return HttpResponse.json({ message: 'Session expired' }, { status: 401 });
      }
      return HttpResponse.json({ message: 'Refresh failed' }, { status: 500 });
    }),
  );
  return log;
}

function fiveCalls(client: ReturnType<typeof createApiClient>) {
  return [1, 2, 3, 4, 5].map((n) =>
    client.http.get(`/api/registration/application/`, { params: { n } }),
  );
}

describe('refresh queue', () => {
  it('five concurrent 401s share one refresh; each request is retried once and resolves', async () => {
    const { client, storage, onSessionExpired } = signedInClient();
    const log = protectedApi({ n: 5, refresh: 'ok' });

    const responses = await Promise.all(fiveCalls(client));

    expect(responses.map((r) => r.data.application_id)).toEqual([1, 2, 3, 4, 5]);
    expect(log.refreshCalls).toBe(1);
    expect([...log.hits.values()]).toEqual([2, 2, 2, 2, 2]);
    expect(storage.getItem('client_access_token')).toBe('new');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('sends the refresh with X-Portal, cookie credentials and an empty body', async () => {
    const { client } = signedInClient();
    const log = protectedApi({ n: 1, refresh: 'ok' });

    await client.getApplication();

    const [request] = log.refreshRequests;
    expect(request?.headers.get('x-portal')).toBe('client');
    expect(await request?.text()).toBe('');
    expect(client.http.defaults.withCredentials).toBe(true);
    expect(client.http.defaults.timeout ?? 0).toBe(0);
  });

  it('when the refresh fails, all five reject, onSessionExpired runs once, storage is cleared', async () => {
    const { client, storage, onSessionExpired } = signedInClient();
    const log = protectedApi({ n: 5, refresh: 'fail' });

    const results = await Promise.allSettled(fiveCalls(client));

    expect(results.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
    expect(log.refreshCalls).toBe(1);
    expect([...log.hits.values()]).toEqual([1, 1, 1, 1, 1]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    for (const key of ['role', 'client_access_token', 'client_refresh_token', 'client_user']) {
      expect(storage.getItem(key)).toBeNull();
    }
  });

  it('rejects a retried request that gets 401 again instead of retrying it twice', async () => {
    const { client, onSessionExpired } = signedInClient();
    let hits = 0;
    let refreshCalls = 0;
    server.use(
      http.get(APPLICATION, () => {
        hits += 1;
        // A third attempt would succeed, so a second retry shows up as a resolved call.
        if (hits > 2) return HttpResponse.json({ application_id: 1 });
        return HttpResponse.json({ message: 'Forbidden for you' }, { status: 401 });
      }),
      http.post(REFRESH, () => {
        refreshCalls += 1;
        return HttpResponse.json({ access: 'new' });
      }),
    );

    await expect(client.getApplication()).rejects.toMatchObject({ response: { status: 401 } });
    expect(hits).toBe(2);
    expect(refreshCalls).toBe(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a 401 from the refresh call starts no second refresh', async () => {
    const { client, onSessionExpired } = signedInClient();
    const log = protectedApi({ n: 1, refresh: 'unauthorized' });

    await expect(client.getApplication()).rejects.toMatchObject({
      response: { status: 401, data: { message: 'Session expired' } },
    });
    expect(log.refreshCalls).toBe(1);
    expect(log.hits.get('?')).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a direct refreshToken() that gets 401 is neither retried nor refreshed again', async () => {
    const { client } = signedInClient();
    let refreshCalls = 0;
    server.use(
      http.post(REFRESH, () => {
        refreshCalls += 1;
        return HttpResponse.json({ message: 'Session expired' }, { status: 401 });
      }),
    );

    await expect(client.refreshToken()).rejects.toMatchObject({ response: { status: 401 } });
    expect(refreshCalls).toBe(1);
  });

  it('a request answered 401 after a refresh already succeeded is retried without a new refresh', async () => {
    const { client } = signedInClient();
    const late = deferred();
    let refreshCalls = 0;
    server.use(
      http.get(APPLICATION, async ({ request }) => {
        const n = new URL(request.url).searchParams.get('n');
        if (request.headers.get('authorization') === 'Bearer new') {
          return HttpResponse.json({ application_id: Number(n) });
        }
        // The second request's 401 is held until the first one's refresh and retry are done.
        if (n === '2') await late.promise;
        return HttpResponse.json({ message: 'Token expired' }, { status: 401 });
      }),
      http.post(REFRESH, () => {
        refreshCalls += 1;
        return HttpResponse.json({ access: 'new' });
      }),
    );

    const first = client.http.get('/api/registration/application/', { params: { n: 1 } });
    const second = client.http.get('/api/registration/application/', { params: { n: 2 } });
    await first;
    late.resolve();

    expect((await second).data).toEqual({ application_id: 2 });
    expect(refreshCalls).toBe(1);
  });

  it('a POST retried after the refresh carries the same JSON body', async () => {
    const { client } = signedInClient();
    const bodies: { auth: string | null; body: unknown; type: string | null }[] = [];
    server.use(
      http.post(`${BASE}/api/registration/cashfree/create-order/`, async ({ request }) => {
        const auth = request.headers.get('authorization');
        bodies.push({
          auth,
          body: await request.json(),
          type: request.headers.get('content-type'),
        });
        if (auth !== 'Bearer new') return HttpResponse.json({}, { status: 401 });
        return HttpResponse.json({ order_id: 'o', payment_session_id: 's' });
      }),
      http.post(REFRESH, () => HttpResponse.json({ access: 'new' })),
    );

    await client.createPaymentOrder({ amount: 10, currency: 'INR' });

    expect(bodies).toEqual([
      { auth: 'Bearer old', body: { amount: 10, currency: 'INR' }, type: 'application/json' },
      { auth: 'Bearer new', body: { amount: 10, currency: 'INR' }, type: 'application/json' },
    ]);
  });

  it('a wrong password on login surfaces as the login error and starts no refresh', async () => {
    const { client, onSessionExpired } = signedInClient();
    let refreshCalls = 0;
    server.use(
      http.post(LOGIN, () =>
        HttpResponse.json({ message: 'Invalid credentials, please try again.' }, { status: 401 }),
      ),
      http.post(REFRESH, () => {
        refreshCalls += 1;
        return HttpResponse.json({ access: 'new' });
      }),
    );

    await expect(client.login({ mobile: '9876543210', password: 'nope' })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(refreshCalls).toBe(0);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});
