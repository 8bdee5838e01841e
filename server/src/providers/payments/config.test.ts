import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';

describe('payment configuration', () => {
  it('defaults: simulator, fee 199, reconcile every 300 s, 5-minute webhook tolerance', () => {
    const config = loadConfig({});
    expect(config.payment).toMatchObject({
      provider: 'simulator',
      sdkUrl: '/payments-simulator/cashfree.js',
    });
    expect(config.applicationFeeInr).toBe(199);
    expect(config.payments).toMatchObject({
      provider: 'simulator',
      cashfree: undefined,
      publicBaseUrl: undefined,
      webhookToleranceSeconds: 300,
      reconcileIntervalSeconds: 300,
      reconcileMinAgeSeconds: 60,
      orderExpiryMinutes: 30,
    });
    expect(config.payments.simulatorSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses the simulator with DEPLOY_ENV=production, and says why', () => {
    expect(() =>
      loadConfig({
        DEPLOY_ENV: 'production',
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'k',
        MSG91_TEMPLATE_ID: 't',
      }),
    ).toThrow(/PAYMENT_PROVIDER=simulator .* DEPLOY_ENV=production/);
  });

  it('refuses cashfree without credentials, without echoing any secret', () => {
    let error: unknown;
    try {
      loadConfig({ PAYMENT_PROVIDER: 'cashfree', CASHFREE_SECRET_KEY: 'cfsk_live_secret_value' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('CASHFREE_APP_ID and CASHFREE_SECRET_KEY');
    expect((error as Error).message).not.toContain('cfsk_live_secret_value');
  });

  it('picks the Cashfree base URL from CASHFREE_ENV and keeps the secret out of the browser config', () => {
    const sandbox = loadConfig({
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_APP_ID: 'a',
      CASHFREE_SECRET_KEY: 's',
    });
    expect(sandbox.payments.cashfree).toMatchObject({
      baseUrl: 'https://sandbox.cashfree.com/pg',
      webhookSecret: 's',
      timeoutMs: 10_000,
      maxRetries: 3,
    });
    const live = loadConfig({
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_ENV: 'production',
      CASHFREE_APP_ID: 'a',
      CASHFREE_SECRET_KEY: 's',
    });
    expect(live.payments.cashfree?.baseUrl).toBe('https://api.cashfree.com/pg');
    expect(JSON.stringify(live.payment)).not.toContain('"s"');
  });

  it('refuses a sandbox gateway in production and bad numbers or URLs', () => {
    const prod = {
      DEPLOY_ENV: 'production',
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'k',
      MSG91_TEMPLATE_ID: 't',
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_APP_ID: 'a',
      CASHFREE_SECRET_KEY: 's',
    };
    expect(() => loadConfig(prod)).toThrow(/CASHFREE_ENV=production/);
    expect(loadConfig({ ...prod, CASHFREE_ENV: 'production' }).payments.provider).toBe('cashfree');
    expect(() => loadConfig({ RECONCILE_INTERVAL_SECONDS: 'often' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'portal.example.in' })).toThrow(/PUBLIC_BASE_URL/);
  });
});
