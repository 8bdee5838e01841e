import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('enumerated settings take only their exact names', () => {
  it.each([
    ['DEPLOY_ENV', 'Production'],
    ['DEPLOY_ENV', 'prod'],
    ['DEPLOY_ENV', ' production'],
    ['DEPLOY_ENV', 'PRODUCTION'],
    ['PAYMENT_PROVIDER', 'Simulator'],
    ['SMS_PROVIDER', 'Console'],
    ['CASHFREE_ENV', 'Sandbox'],
    ['LOG_LEVEL', 'verbose'],
    ['API_DOCS', 'yes'],
    ['API_DOCS', 'True'],
    ['JOB_WORKER', '1'],
    ['JOB_WORKER', 'TRUE'],
  ])('%s=%j stops the start with a message naming the variable', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [key]: value })).toThrow(
      new RegExp(`^${key} must be one of .*, got "${value}"$`),
    );
  });

  it('a misspelt production never starts with the dev SMS outbox and the simulator', () => {
    // Before: DEPLOY_ENV=Production was taken as "not production" and both were switched on.
    expect(() => loadConfig({ DEPLOY_ENV: 'Production' })).toThrow(
      'DEPLOY_ENV must be one of development, test, staging, production, got "Production"',
    );
  });

  it('takes each known name, and development when unset', () => {
    expect(loadConfig({}).deployEnv).toBe('development');
    for (const name of ['development', 'test', 'staging'] as const) {
      expect(loadConfig({ DEPLOY_ENV: name }).deployEnv).toBe(name);
    }
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });
});

describe('MSG91 templates (issue 16)', () => {
  it('reads the Hindi templates apart from the English ones', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'key',
      MSG91_TEMPLATE_ID: 'otp-en',
      MSG91_TEMPLATE_ID_HI: 'otp-hi',
      MSG91_STATUS_TEMPLATE_UNDER_REVIEW: 'review-en',
      MSG91_STATUS_TEMPLATE_UNDER_REVIEW_HI: 'review-hi',
      MSG91_ACCOUNT_EXISTS_TEMPLATE_ID_HI: 'exists-hi',
    });
    expect(config.sms).toMatchObject({
      templateId: 'otp-en',
      statusTemplateIds: { under_review: 'review-en' },
      hindi: {
        templateId: 'otp-hi',
        statusTemplateIds: { under_review: 'review-hi' },
        accountExistsTemplateId: 'exists-hi',
      },
    });
    expect(Object.keys((config.sms as { statusTemplateIds: object }).statusTemplateIds)).toEqual([
      'under_review',
    ]);
  });
});
