import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_REQUESTS_SCRIPT_HASH } from '../modules/static-hosting/early-requests';
import { STALLED_PAGE_SCRIPT_HASH } from '../modules/static-hosting/stalled-page';
import { TYPEABLE_PAINT_SCRIPT_HASH } from '../modules/static-hosting/typeable-paint';
import { createFakeBuild, createTestApp, type TestApp } from '../test/helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    ...createFakeBuild(),
    CORS_ORIGINS: 'https://client.example, https://admin.example',
    PAYMENT_SDK_URL: 'https://sdk.cashfree.com/js/v3/cashfree.js',
    REMOTE_CLIENT_PORTAL_URL: 'https://cdn.example/client/remoteEntry.js',
    LOGIN_RATE_LIMIT_PER_MINUTE: '2',
  });
}, 120_000);
afterAll(() => t.close());

describe('hardening', () => {
  it('sends pages a CSP of our origin plus the payment SDK and remote hosts', async () => {
    const res = await t.app.inject({ url: '/login', headers: { accept: 'text/html' } });
    expect(res.headers['content-type']).toContain('text/html');
    const csp = res.headers['content-security-policy'] as string;
    const directives = Object.fromEntries(
      csp.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': `'self' ${STALLED_PAGE_SCRIPT_HASH} ${EARLY_REQUESTS_SCRIPT_HASH} ${TYPEABLE_PAINT_SCRIPT_HASH} https://sdk.cashfree.com https://cdn.example`,
      'connect-src': "'self' https://cdn.example",
      'frame-src': "'self' https://sdk.cashfree.com",
      'img-src': "'self' data:",
    });
    expect(directives['style-src']).toContain("'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it("runs a page's inline scripts, the stalled-page reload, the early API reads and a typeable page's deferred scripts, by their hashes and no other (issue 17)", async () => {
    for (const url of ['/login', '/register', '/portal-admin/dashboard']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      const allowed = (res.headers['content-security-policy'] as string)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([name]) => name === 'script-src')!
        .filter((source) => source.startsWith("'sha256-"));
      // Every inline script a browser would run (not the JSON config), hashed as CSP hashes it.
      const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes]) => !/type="application\/json"/.test(attributes ?? ''))
        .map(
          ([, , text]) =>
            `'sha256-${createHash('sha256')
              .update(text ?? '')
              .digest('base64')}'`,
        );
      const hashes = [
        STALLED_PAGE_SCRIPT_HASH,
        EARLY_REQUESTS_SCRIPT_HASH,
        TYPEABLE_PAINT_SCRIPT_HASH,
      ];
      expect(allowed, url).toEqual(hashes);
      // The third only on a page whose painted copy takes input (typeable-paint.test.ts); this
      // build paints none.
      expect(inline, url).toEqual(hashes.slice(0, 2));
    }
  });

  it('leaves the document headers off scripts and JSON, which keep nosniff and their resource policy', async () => {
    for (const url of ['/assets/index-AbCdEf12.js', '/api/health', '/config.json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      for (const name of [
        'content-security-policy',
        'strict-transport-security',
        'x-frame-options',
        'cross-origin-opener-policy',
        'referrer-policy',
        'origin-agent-cluster',
        'x-xss-protection',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
      ]) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
  });

  it('allows CORS only for the configured origins', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/accounts/auth/login/',
      headers: {
        origin: 'https://client.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-portal',
      },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://client.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('X-Portal');
    const foreign = await t.app.inject({
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rate-limits the login routes per client address', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/auth/login/',
        payload: { mobile: '9876543210', password: 'whatever' },
        headers: { 'x-forwarded-for': '198.51.100.9' },
      });
    expect((await login()).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(401);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ seconds\.$/,
    );
  });

  it('serves the OpenAPI document with every accounts route and its schemas', async () => {
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    for (const path of [
      '/api/accounts/otp/send/',
      '/api/accounts/signup/',
      '/api/accounts/auth/login/',
      '/api/accounts/admin/login/',
      '/api/accounts/auth/forgot-password/request/',
      '/api/accounts/auth/forgot-password/verify/',
      '/api/accounts/auth/forgot-password/reset/',
      '/api/accounts/token/refresh/',
      '/api/accounts/logout/',
      '/api/accounts/user/',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
    const signup = paths['/api/accounts/signup/'].post;
    expect(Object.keys(signup.requestBody.content['application/json'].schema.properties)).toEqual([
      'phone_number',
      'password',
      'otp',
      'language',
    ]);
    expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(['201', '400', '409']));
  });
});
