import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config/env';
import { profiles } from './modules/registration/tables';
import { validPayload } from './modules/registration/test-support';
import { createFakeBuild, createTestApp, type TestApp } from './test/helpers';
import { createClientSession } from './test/sessions';

describe('foundation routes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      ...createFakeBuild(),
      PRODUCT_NAME: 'Rupee <Loans>',
      SUPPORT_EMAIL: 'care@rupee.example',
      REMOTE_ADMIN_PORTAL_URL: 'https://cdn.example/admin/remoteEntry.js',
    });
  });
  afterAll(() => t.close());

  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("makes its own request id without a proxy in front: a caller's is not taken", async () => {
    const direct = await createTestApp({ TRUST_PROXY: 'false' });
    const res = await direct.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.1:42' },
    });
    expect(res.headers['x-request-id']).toMatch(uuid);
    await direct.close();
  });

  it("keeps the proxy's request id only when it looks like one, else makes its own", async () => {
    // Test apps sit behind a proxy (TRUST_PROXY=true), as most deployments do.
    const proxied = t;
    const echoed = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.1:42' },
    });
    expect(echoed.headers['x-request-id']).toBe('lb-7f3a.1:42');
    for (const forged of [
      'x'.repeat(65),
      'id with spaces',
      'a\u0000b',
      '<script>',
      `9876543210 otp=123456 ${'x'.repeat(500)}`,
    ]) {
      const res = await proxied.app.inject({
        url: '/api/health',
        headers: { 'x-request-id': forged },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toMatch(uuid);
    }
    const none = await proxied.app.inject({ url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(uuid);
  });

  it('serves /config.json from the environment, never cached', async () => {
    const res = await t.app.inject({ url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({
      productName: 'Rupee <Loans>',
      supportEmail: 'care@rupee.example',
      applicationFeeInr: 199,
      payment: {
        provider: 'simulator',
        mode: 'sandbox',
        sdkUrl: '/payments-simulator/cashfree.js',
      },
      remotes: {
        client_portal: '/remotes/client-portal/remoteEntry.js',
        admin_portal: 'https://cdn.example/admin/remoteEntry.js',
      },
    });
  });

  it('reports database health', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('serves the shell with the product name filled in and escaped', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('Loading Rupee &#60;Loans&#62;...');
    expect(res.body).not.toContain('__PRODUCT_NAME__');
  });

  it('falls back to the shell for client-side routes, brotli when accepted', async () => {
    const res = await t.app.inject({
      url: '/portal-admin/applicants?page=2',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers JSON 404 for unknown API paths and missing assets instead of the page', async () => {
    const api = await t.app.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No route for GET /api/nope' });
    const asset = await t.app.inject({ url: '/remotes/client-portal/assets/missing-12345678.js' });
    expect(asset.statusCode).toBe(404);
  });

  it('caches hashed assets for a year and entry files not at all', async () => {
    const hashed = await t.app.inject({ url: '/assets/index-AbCdEf12.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated, so no validators; and no per-request id (issue 17: a page loads 55-75
    // such files, and their headers were 9% of its bytes).
    for (const unused of ['etag', 'last-modified', 'accept-ranges', 'x-request-id']) {
      expect(hashed.headers).not.toHaveProperty(unused);
    }
    expect(hashed.headers['content-type']).toContain('javascript');
    expect(hashed.headers['x-content-type-options']).toBe('nosniff');
    // The shell's federation entry is hashed too (index.html names it), though not in assets/.
    const shellEntry = await t.app.inject({ url: '/remoteEntry-DxByf1qN.js' });
    expect(shellEntry.statusCode).toBe(200);
    expect(shellEntry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await t.app.inject({ url: '/remotes/client-portal/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    // An entry file is revalidated on every visit: it keeps its validator, and a request its id.
    expect(entry.headers['x-request-id']).toBeTruthy();
    const again = await t.app.inject({
      url: '/remotes/client-portal/remoteEntry.js',
      headers: { 'if-none-match': String(entry.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const admin = await t.app.inject({ url: '/remotes/admin-portal/remoteEntry.js' });
    expect(admin.body).toContain('"admin"');
  });

  it('sends the precompressed file when the browser accepts it', async () => {
    const br = await t.app.inject({
      url: '/remotes/client-portal/assets/remote-app-Zz09Yy87.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({
      url: '/remotes/client-portal/assets/remote-app-Zz09Yy87.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('does not serve the untemplated index.html directly', async () => {
    const res = await t.app.inject({ url: '/index.html', headers: { accept: 'text/html' } });
    expect(res.body).not.toContain('__PRODUCT_NAME__');
  });
});

// No field of this API is called __proto__ or constructor: such a key is dropped and the rest of
// the body is taken as sent, instead of a 400 claiming the JSON is malformed.
describe('JSON bodies with prototype keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  const keys = [
    ['__proto__', '"__proto__":{"full_name":"Injected","polluted":true}'],
    ['constructor', '"constructor":{"prototype":{"full_name":"Injected","polluted":true}}'],
  ];
  const withKey = (key: string, body: object) => `{${key},${JSON.stringify(body).slice(1)}`;
  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, 'content-type': 'application/json' },
    });

  it.each(keys)('a %s key beside a profile: the profile is saved as sent', async (_, key) => {
    const client = await createClientSession(t);
    const res = await post(
      '/api/registration/profile/',
      withKey(key, validPayload()),
      client.headers,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().profile.full_name).toBe('Priya Sharma');
    const rows = await t.database.db
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.userId, client.userId));
    expect(rows).toEqual([{ fullName: 'Priya Sharma' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(keys)(
    'a %s key beside the login fields: the login is answered as usual',
    async (_, key) => {
      const res = await post(
        '/api/accounts/auth/login/',
        withKey(key, { mobile: '9876543210', password: 'secret-pass' }),
      );
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials, please try again.' });
    },
  );
});

describe('configuration', () => {
  it('rejects bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a positive whole number');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(
      'PAYMENT_PROVIDER must be one of simulator, cashfree',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL must start');
  });

  it('believes no proxy unless told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.1, fd00::/8' }).trustProxy).toBe(
      'loopback, 10.0.0.1, fd00::/8',
    );
  });

  it('takes a number of proxy hops', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it.each(['yes', 'TRUE', '-1', '1.5', '10.0.0.0/33', '300.1.2.3', '10.0.0.1,', 'proxy.internal'])(
    'stops on TRUST_PROXY=%s with a message naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY must be /);
    },
  );
});
