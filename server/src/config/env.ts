import { resolve } from 'node:path';
import { repoRoot } from '../paths';

export interface AppConfig {
  port: number;
  host: string;
  deployEnv: string;
  dataDir: string;
  /** postgres://... switches from the embedded PGlite to PostgreSQL. */
  databaseUrl: string | undefined;
  productName: string;
  tagline: string;
  supportEmail: string;
  supportPhone: string;
  applicationFeeInr: number;
  apiBaseUrl: string;
  payment: {
    provider: 'simulator' | 'cashfree';
    mode: 'sandbox' | 'production';
    sdkUrl: string;
  };
  remotes: { clientPortal: string; adminPortal: string };
  static: { shellDir: string; clientPortalDir: string; adminPortalDir: string };
  logLevel: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function positiveInt(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${key} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

function oneOf<T extends string>(env: Env, key: string, allowed: readonly T[], fallback: T): T {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${key} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

const CASHFREE_SDK_URL = 'https://sdk.cashfree.com/js/v3/cashfree.js';

/** Reads every setting from the environment once, with the defaults listed in the README. */
export function loadConfig(env: Env = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const provider = oneOf(env, 'PAYMENT_PROVIDER', ['simulator', 'cashfree'] as const, 'simulator');
  const cashfreeEnv = oneOf(env, 'CASHFREE_ENV', ['sandbox', 'production'] as const, 'sandbox');
  return {
    port: env.PORT === '0' ? 0 : positiveInt(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    deployEnv: env.DEPLOY_ENV || 'development',
    dataDir: resolve(env.DATA_DIR || resolve(repoRoot, '.data')),
    databaseUrl,
    productName: env.PRODUCT_NAME || 'Loan Portal',
    tagline: env.PRODUCT_TAGLINE || 'Loans made easy, secure & fast.',
    supportEmail: env.SUPPORT_EMAIL || 'support@loanportal.example',
    supportPhone: env.SUPPORT_PHONE || '+91 80 4000 0000',
    applicationFeeInr: positiveInt(env, 'APPLICATION_FEE_INR', 199),
    apiBaseUrl: env.API_BASE_URL || '',
    payment: {
      provider,
      mode: cashfreeEnv,
      sdkUrl:
        env.PAYMENT_SDK_URL ||
        (provider === 'simulator' ? '/payments-simulator/cashfree.js' : CASHFREE_SDK_URL),
    },
    remotes: {
      clientPortal: env.REMOTE_CLIENT_PORTAL_URL || '/remotes/client-portal/remoteEntry.js',
      adminPortal: env.REMOTE_ADMIN_PORTAL_URL || '/remotes/admin-portal/remoteEntry.js',
    },
    static: {
      shellDir: resolve(env.SHELL_DIST_DIR || resolve(repoRoot, 'shell/dist')),
      clientPortalDir: resolve(
        env.CLIENT_PORTAL_DIST_DIR || resolve(repoRoot, 'client-portal/dist'),
      ),
      adminPortalDir: resolve(env.ADMIN_PORTAL_DIST_DIR || resolve(repoRoot, 'admin-portal/dist')),
    },
    logLevel: env.LOG_LEVEL || 'info',
  };
}
