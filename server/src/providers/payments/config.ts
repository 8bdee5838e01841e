import { randomBytes } from 'node:crypto';
import { ConfigError } from '../../config/config-error';
import { CASHFREE_BASE_URLS } from './cashfree';

type Env = Record<string, string | undefined>;

/** Server-side payment settings. Never sent to the browser (that is AppConfig.payment). */
export interface PaymentSettings {
  provider: 'simulator' | 'cashfree';
  cashfree:
    | {
        appId: string;
        secretKey: string;
        /** Cashfree signs webhooks with the API secret key; override only if told to. */
        webhookSecret: string;
        baseUrl: string;
        timeoutMs: number;
        maxRetries: number;
      }
    | undefined;
  /** Signs the simulator's webhooks; random per start unless PAYMENT_SIMULATOR_SECRET is set. */
  simulatorSecret: string;
  /** Where the provider can reach us (notify_url) and send the browser back (return_url). */
  publicBaseUrl: string | undefined;
  webhookToleranceSeconds: number;
  reconcileIntervalSeconds: number;
  /** Orders younger than this are left to the browser's polling and the webhook. */
  reconcileMinAgeSeconds: number;
  /** PAYMENT_ORDER_EXPIRY_MINUTES: an order takes no payment after this (Cashfree: 15 at least). */
  orderExpiryMinutes: number;
}

/** Cashfree takes an order_expiry_time from 15 minutes to 30 days ahead. */
function orderExpiryMinutes(env: Env): number {
  const minutes = whole(env, 'PAYMENT_ORDER_EXPIRY_MINUTES', 30, 15);
  if (minutes > 30 * 24 * 60) {
    throw new ConfigError(
      `PAYMENT_ORDER_EXPIRY_MINUTES must be at most 43200 (30 days), got "${minutes}"`,
    );
  }
  return minutes;
}

function whole(env: Env, key: string, fallback: number, min = 1): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${key} must be a whole number of at least ${min}, got "${raw}"`);
  }
  return value;
}

function url(env: Env, key: string): string | undefined {
  const raw = env[key];
  if (!raw) return undefined;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
  } catch {
    throw new ConfigError(`${key} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

export function loadPaymentSettings(
  env: Env,
  context: {
    provider: 'simulator' | 'cashfree';
    mode: 'sandbox' | 'production';
    deployEnv: string;
  },
): PaymentSettings {
  const { provider, mode, deployEnv } = context;
  if (provider === 'simulator' && deployEnv === 'production') {
    throw new ConfigError(
      'PAYMENT_PROVIDER=simulator takes no real money and cannot run with DEPLOY_ENV=production; ' +
        'set PAYMENT_PROVIDER=cashfree with CASHFREE_APP_ID, CASHFREE_SECRET_KEY and CASHFREE_ENV',
    );
  }
  let cashfree: PaymentSettings['cashfree'];
  if (provider === 'cashfree') {
    const appId = env.CASHFREE_APP_ID;
    const secretKey = env.CASHFREE_SECRET_KEY;
    if (!appId || !secretKey) {
      throw new ConfigError(
        'PAYMENT_PROVIDER=cashfree needs CASHFREE_APP_ID and CASHFREE_SECRET_KEY ' +
          '(Cashfree merchant dashboard > Developers > API keys)',
      );
    }
    if (deployEnv === 'production' && mode !== 'production') {
      throw new ConfigError(
        'DEPLOY_ENV=production with CASHFREE_ENV=sandbox would take no real payments; set CASHFREE_ENV=production',
      );
    }
    cashfree = {
      appId,
      secretKey,
      webhookSecret: env.CASHFREE_WEBHOOK_SECRET || secretKey,
      baseUrl: url(env, 'CASHFREE_BASE_URL') ?? CASHFREE_BASE_URLS[mode],
      timeoutMs: whole(env, 'CASHFREE_TIMEOUT_MS', 10_000),
      maxRetries: whole(env, 'CASHFREE_MAX_RETRIES', 3, 0),
    };
  }
  const simulatorSecret = env.PAYMENT_SIMULATOR_SECRET || randomBytes(32).toString('base64url');
  if (simulatorSecret.length < 16) {
    throw new ConfigError('PAYMENT_SIMULATOR_SECRET must be at least 16 characters');
  }
  return {
    provider,
    cashfree,
    simulatorSecret,
    publicBaseUrl: url(env, 'PUBLIC_BASE_URL'),
    webhookToleranceSeconds: whole(env, 'WEBHOOK_TOLERANCE_SECONDS', 300),
    reconcileIntervalSeconds: whole(env, 'RECONCILE_INTERVAL_SECONDS', 300),
    reconcileMinAgeSeconds: whole(env, 'RECONCILE_MIN_AGE_SECONDS', 60, 0),
    orderExpiryMinutes: orderExpiryMinutes(env),
  };
}
