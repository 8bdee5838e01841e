import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createTestApp, type TestApp } from '../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../test/sessions';

/** Findings of the outside probe (issue 20): each test failed before its fix. */
describe('sensitive answers are never cached (finding 7)', () => {
  let t: TestApp;
  let client: TestSession;
  let staff: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    client = await createClientSession(t);
    staff = await createStaffSession(t);
  }, 120_000);
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/registration/application/', 'client'],
    ['GET', '/api/registration/registration/status/', 'client'],
    ['GET', '/api/accounts/user/', 'client'],
    ['GET', '/api/registration/admin/profiles/', 'staff'],
    ['GET', '/api/registration/admin/dashboard/', 'staff'],
    ['GET', '/api/registration/admin/profiles/export/', 'staff'],
    ['GET', '/api/registration/cashfree-status/order_none/', 'client'],
    ['POST', '/api/accounts/auth/login/', 'none'],
    ['POST', '/api/accounts/admin/login/', 'none'],
    ['POST', '/api/accounts/token/refresh/', 'none'],
  ] as const)('%s %s answers Cache-Control: no-store', async (method, url, who) => {
    const headers = who === 'client' ? client.headers : who === 'staff' ? staff.headers : {};
    const response = await t.app.inject({
      method,
      url,
      headers: { ...headers, 'x-portal': 'client' },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(response.headers['cache-control'], String(response.statusCode)).toBe('no-store');
  });

  it('leaves the runtime config revalidated, not uncacheable', async () => {
    const response = await t.app.inject({ url: '/config.json' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('production defaults (finding 9)', () => {
  const production = {
    DEPLOY_ENV: 'production',
    PAYMENT_PROVIDER: 'cashfree',
    CASHFREE_ENV: 'production',
    CASHFREE_APP_ID: 'app',
    CASHFREE_SECRET_KEY: 'secret',
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'k',
    MSG91_TEMPLATE_ID: 't',
    JWT_SECRET: 'j'.repeat(40),
  };

  it.each([
    ['production', production, 404],
    ['production with API_DOCS=true', { ...production, API_DOCS: 'true' }, 200],
    ['development', {}, 200],
  ])('/api/docs in %s', async (_name, env, code) => {
    const t = await createTestApp(env);
    try {
      const response = await t.app.inject({ url: '/api/docs/json' });
      expect(response.statusCode).toBe(code);
    } finally {
      await t.close();
    }
  });

  it("creates PGlite's data folder for the owner only (0700)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loan-mode-'));
    const database = await openDatabase({ dataDir });
    try {
      expect(statSync(join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
    } finally {
      await database.close();
    }
  });
});
