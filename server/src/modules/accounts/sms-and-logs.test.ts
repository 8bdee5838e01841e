import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { loggerOptions } from '../../plugins/logging';
import { latestCode, signUpThroughApi } from '../../test/accounts';
import { createTestApp, logCapture, type TestApp } from '../../test/helpers';
import { randomPhone } from '../../test/sessions';
import { ensureStaffUser } from './service';

const post = (t: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('with the MSG91 provider', () => {
  let t: TestApp;
  let server: Server;
  const received: { authkey?: string; body: { recipients: { mobiles: string; otp: string }[] } }[] =
    [];
  let failNext = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        received.push({ authkey: req.headers.authkey as string, body: JSON.parse(raw) });
        const body = failNext
          ? { type: 'error', message: 'Insufficient balance' }
          : { type: 'success', message: 'req-1' };
        failNext = false;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'test-auth-key',
      MSG91_TEMPLATE_ID: 'tmpl-1',
      MSG91_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('texts the signup code through MSG91, and the code it sent creates the account', async () => {
    const phone = randomPhone();
    const sent = await post(t, '/api/accounts/otp/send/', { mobile: phone });
    expect(sent.statusCode).toBe(200);
    const last = received.at(-1)!;
    expect(last.authkey).toBe('test-auth-key');
    expect(last.body.recipients[0].mobiles).toBe(`91${phone}`);
    const signup = await post(t, '/api/accounts/signup/', {
      phone_number: phone,
      password: 'secret-pass',
      otp: last.body.recipients[0].otp,
    });
    expect(signup.statusCode).toBe(201);
  });

  it('has no dev outbox', async () => {
    const res = await t.app.inject({ url: '/api/dev/sms-outbox?phone=9876543210' });
    expect(res.statusCode).toBe(404);
  });

  it('answers 502 when the provider refuses, and lets the caller retry at once', async () => {
    const phone = randomPhone();
    failNext = true;
    const res = await post(t, '/api/accounts/otp/send/', { mobile: phone });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'Failed to send OTP. Please try again.' });
    const retry = await post(t, '/api/accounts/otp/send/', { mobile: phone });
    expect(retry.statusCode).toBe(200);
  });
});

describe('logs', () => {
  let t: TestApp;
  const logs = logCapture();

  beforeAll(async () => {
    t = await createTestApp(
      { LOGIN_RATE_LIMIT_PER_MINUTE: '1000' },
      { logger: loggerOptions('trace', logs.stream) },
    );
  }, 120_000);
  afterAll(() => t.close());

  it('warn once that the console SMS provider is active', () => {
    const warnings = logs
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((line) => line.level === 40 && /SMS_PROVIDER=console/.test(line.msg));
    expect(warnings).toHaveLength(1);
  });

  it('never contain a password, a code or a token', async () => {
    const password = 'Sup3r-Secret-Pw';
    const { phone, access, cookie } = await signUpThroughApi(t, { password });
    const signupCode = await latestCode(t, phone);
    const login = await post(
      t,
      '/api/accounts/auth/login/',
      { mobile: phone, password },
      { authorization: `Bearer ${access}` },
    );
    const loginCookie = login.cookies.find((c) => c.name === 'client_refresh')!.value;
    await post(
      t,
      '/api/accounts/token/refresh/',
      {},
      {
        'x-portal': 'client',
        cookie: `client_refresh=${loginCookie}`,
      },
    );
    await post(t, '/api/accounts/auth/forgot-password/request/', { phone_number: phone });
    const resetCode = await latestCode(t, phone);
    const verify = await post(t, '/api/accounts/auth/forgot-password/verify/', {
      phone_number: phone,
      otp: resetCode,
    });
    const resetToken = verify.json().reset_token;
    await post(t, '/api/accounts/auth/forgot-password/reset/', {
      phone_number: phone,
      reset_token: resetToken,
      new_password: 'An0ther-Secret',
    });
    await ensureStaffUser(t.database.db, { username: 'logstaff', password: 'Staff-Secret-9' });
    const admin = await post(t, '/api/accounts/admin/login/', {
      username: 'logstaff',
      password: 'Staff-Secret-9',
    });
    await post(t, '/api/accounts/admin/login/', {
      username: 'logstaff',
      password: 'Wrong-Secret-9',
    });

    // The requests were logged at all (so the check below is not vacuous)...
    expect(logs.text()).toContain('/api/accounts/signup/');
    expect(logs.text()).toContain('/api/accounts/auth/forgot-password/reset/');
    // ...and nothing secret made it into the lines.
    const secrets = [
      password,
      'An0ther-Secret',
      'Staff-Secret-9',
      'Wrong-Secret-9',
      access,
      login.json().access,
      admin.json().access,
      cookie,
      loginCookie,
      resetToken,
    ];
    for (const secret of secrets) {
      expect(logs.text(), `log contains ${secret.slice(0, 4)}...`).not.toContain(secret);
    }
    // Codes are short: look for them as whole numbers, not inside timestamps.
    for (const code of [signupCode, resetCode]) {
      expect(logs.text()).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    }
  });
});

describe('production configuration', () => {
  const production = {
    DEPLOY_ENV: 'production',
    PAYMENT_PROVIDER: 'cashfree',
    CASHFREE_ENV: 'production',
    CASHFREE_APP_ID: 'app',
    CASHFREE_SECRET_KEY: 'secret',
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    JWT_SECRET: 'j'.repeat(40),
  };

  it('refuses to start on the console SMS provider and says why', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /SMS_PROVIDER=console .* cannot run with DEPLOY_ENV=production/,
    );
  });

  it('accepts MSG91 and insists on its keys', () => {
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'msg91' })).toThrow(
      'SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID',
    );
    const config = loadConfig({
      ...production,
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'k',
      MSG91_TEMPLATE_ID: 't',
    });
    expect(config.sms).toMatchObject({ provider: 'msg91', baseUrl: 'https://control.msg91.com' });
  });
});
