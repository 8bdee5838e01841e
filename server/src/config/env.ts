import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { repoRoot } from '../paths';
import { loadPaymentSettings, type PaymentSettings } from '../providers/payments/config';
import { ConfigError } from './config-error';

export interface AppConfig {
  port: number;
  host: string;
  deployEnv: DeployEnv;
  dataDir: string;
  /** postgres://... switches from the embedded PGlite to PostgreSQL. */
  databaseUrl: string | undefined;
  productName: string;
  tagline: string;
  supportEmail: string;
  supportPhone: string;
  /** The privacy notice a profile's consent must name (PRIVACY_NOTICE_VERSION). */
  privacyNoticeVersion: string;
  /** Named in the privacy notice and the support modal (DPDP Act 2023, RBI digital lending). */
  grievanceOfficer: { name: string; email: string; phone: string };
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
  /**
   * Which X-Forwarded-For hops to believe for the client address (rate limits, code caps, audit):
   * false, true (every hop), a number of proxies in front, or a list of proxy addresses/CIDRs.
   * Off by default: without a proxy in front, the header is the caller's to forge.
   */
  trustProxy: boolean | number | string;
  /** Browser origins allowed to call the API cross-origin (CORS_ORIGINS, comma-separated). */
  corsOrigins: string[];
  /** redis://... shares rate-limit counters between instances; memory otherwise. */
  redisUrl: string | undefined;
  auth: AuthConfig;
  otp: OtpConfig;
  sms: SmsConfig;
  /**
   * Base64 of 32 bytes for AES-256-GCM of Aadhaar and account numbers (DATA_ENCRYPTION_KEY);
   * undefined means the key generated once into DATA_DIR/encryption.key.
   */
  dataEncryptionKey: string | undefined;
  /** Server-side payment settings (credentials, webhooks, reconciliation); never sent out. */
  payments: PaymentSettings;
  /** API_DOCS: whether /api/docs answers; off in production unless asked for. */
  apiDocs: boolean;
  jobs: {
    /** JOB_WORKER: whether this instance takes jobs (status SMS) from the queue. */
    worker: boolean;
  };
  /** METRICS_TOKEN: the bearer token /metrics asks for; /metrics is off without one. */
  metricsToken: string | undefined;
  shutdown: {
    /**
     * DRAIN_DELAY_SECONDS: after SIGTERM, how long the instance keeps serving while /api/ready
     * answers 503, so the balancer's health check takes it out before it stops listening.
     */
    drainDelaySeconds: number;
    /** SHUTDOWN_TIMEOUT_SECONDS: a drain that takes longer than this exits 1. */
    timeoutSeconds: number;
  };
}

export interface AuthConfig {
  /** JWT_SECRET; when absent server.ts generates one into DATA_DIR and tests use a random one. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  loginRateLimitPerMinute: number;
  adminLockoutAttempts: number;
  adminLockoutSeconds: number;
  /**
   * PASSWORD_HASH_QUEUE_LIMIT: password hashes and checks that may wait for one of the 4 running;
   * past it a signup or sign-in is answered 503 with Retry-After (accounts/hashing-gate.ts).
   */
  passwordHashQueueLimit: number;
  /** Superuser created at start-up when missing (ADMIN_USERNAME / ADMIN_PASSWORD). */
  bootstrapAdmin: { username: string; password: string } | undefined;
}

export interface OtpConfig {
  ttlSeconds: number;
  maxAttempts: number;
  resendCooldownSeconds: number;
  maxPerNumberPerHour: number;
  maxPerIpPerHour: number;
  resetTokenTtlSeconds: number;
}

export type SmsConfig =
  | { provider: 'console' }
  | {
      provider: 'msg91';
      authKey: string;
      templateId: string;
      /** MSG91_STATUS_TEMPLATE_<STATUS> (e.g. MSG91_STATUS_TEMPLATE_UNDER_REVIEW), by status. */
      statusTemplateIds: Record<string, string>;
      /** MSG91_ACCOUNT_EXISTS_TEMPLATE_ID: the notice to a registered number (no code). */
      accountExistsTemplateId: string | undefined;
      /** The Hindi templates: MSG91_TEMPLATE_ID_HI, MSG91_STATUS_TEMPLATE_<STATUS>_HI, ... */
      hindi: {
        templateId: string | undefined;
        statusTemplateIds: Record<string, string>;
        accountExistsTemplateId: string | undefined;
      };
      senderId: string | undefined;
      baseUrl: string;
    };

/**
 * Where this instance runs. Only these exact names are taken: anything else (a capital letter, a
 * typo) stops the server, since a misspelt `production` used to start with the dev SMS outbox and
 * the payment simulator switched on.
 */
export const DEPLOY_ENVS = ['development', 'test', 'staging', 'production'] as const;
export type DeployEnv = (typeof DEPLOY_ENVS)[number];

/** pino's levels, plus silent. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export { ConfigError } from './config-error';

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

function wholeSeconds(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${key} must be a whole number of seconds (0 or more), got "${raw}"`);
  }
  return value;
}

function loadMetricsToken(env: Env): string | undefined {
  const token = env.METRICS_TOKEN;
  if (!token) return undefined;
  if (token.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters (a random token)');
  }
  return token;
}

function oneOf<T extends string>(env: Env, key: string, allowed: readonly T[], fallback: T): T {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${key} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function loadSmsConfig(env: Env, deployEnv: DeployEnv): SmsConfig {
  const provider = oneOf(env, 'SMS_PROVIDER', ['console', 'msg91'] as const, 'console');
  if (provider === 'console') {
    if (deployEnv === 'production') {
      throw new ConfigError(
        'SMS_PROVIDER=console only prints codes to a dev outbox and cannot run with ' +
          'DEPLOY_ENV=production; set SMS_PROVIDER=msg91 with MSG91_AUTH_KEY and MSG91_TEMPLATE_ID',
      );
    }
    return { provider };
  }
  const authKey = env.MSG91_AUTH_KEY;
  const templateId = env.MSG91_TEMPLATE_ID;
  if (!authKey || !templateId) {
    throw new ConfigError('SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID');
  }
  return {
    provider,
    authKey,
    templateId,
    statusTemplateIds: statusTemplates(env, ''),
    accountExistsTemplateId: env.MSG91_ACCOUNT_EXISTS_TEMPLATE_ID || undefined,
    hindi: {
      templateId: env.MSG91_TEMPLATE_ID_HI || undefined,
      statusTemplateIds: statusTemplates(env, '_HI'),
      accountExistsTemplateId: env.MSG91_ACCOUNT_EXISTS_TEMPLATE_ID_HI || undefined,
    },
    senderId: env.MSG91_SENDER_ID || undefined,
    baseUrl: (env.MSG91_BASE_URL || 'https://control.msg91.com').replace(/\/+$/, ''),
  };
}

/** MSG91_STATUS_TEMPLATE_<STATUS><suffix> by status: '' for English, '_HI' for Hindi. */
function statusTemplates(env: Env, suffix: '' | '_HI'): Record<string, string> {
  const prefix = 'MSG91_STATUS_TEMPLATE_';
  return Object.fromEntries(
    Object.entries(env)
      .filter(([key, value]) => key.startsWith(prefix) && value && key.endsWith('_HI') === !!suffix)
      .map(([key, value]) => [
        key.slice(prefix.length, key.length - suffix.length).toLowerCase(),
        value!,
      ]),
  );
}

function loadBootstrapAdmin(env: Env): AuthConfig['bootstrapAdmin'] {
  const username = env.ADMIN_USERNAME;
  const password = env.ADMIN_PASSWORD;
  if (!username && !password) return undefined;
  if (!username || !password) {
    throw new ConfigError('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  if (password.length < 6) throw new ConfigError('ADMIN_PASSWORD must be at least 6 characters');
  return { username, password };
}

function loadDataEncryptionKey(env: Env): string | undefined {
  const raw = env.DATA_ENCRYPTION_KEY?.trim();
  if (!raw) return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw) || Buffer.from(raw, 'base64').length !== 32) {
    throw new ConfigError(
      'DATA_ENCRYPTION_KEY must be 32 random bytes encoded as base64 (e.g. `openssl rand -base64 32`)',
    );
  }
  return raw;
}

const CASHFREE_SDK_URL = 'https://sdk.cashfree.com/js/v3/cashfree.js';

/** proxy-addr's names for the private ranges a proxy in front usually sits in. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // proxy-addr takes an IPv4 netmask after the slash as well as a prefix length.
  if (version === 4 && isIP(prefix) === 4) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  // A hop count. Passed on as a string, "1" would be read as the IPv4 address 0.0.0.1.
  if (/^\d{1,2}$/.test(raw)) return Number(raw) === 0 ? false : Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  if (!entries.every(isProxyAddressOrRange)) {
    throw new ConfigError(
      'TRUST_PROXY must be true, false, a number of proxies in front (e.g. 1), or a ' +
        `comma-separated list of proxy addresses or CIDR ranges, got "${raw}"`,
    );
  }
  return raw;
}

export const DEFAULT_PRIVACY_NOTICE_VERSION = '2026-11';

/** A short label such as 2026-11 or v3: it travels in every profile and is shown on /privacy. */
function privacyNoticeVersion(raw: string | undefined): string {
  const value = raw?.trim() || DEFAULT_PRIVACY_NOTICE_VERSION;
  if (!/^[A-Za-z0-9._-]{1,32}$/.test(value)) {
    throw new ConfigError(
      `PRIVACY_NOTICE_VERSION must be 1-32 letters, digits, dots, dashes or underscores, got "${raw}"`,
    );
  }
  return value;
}

/** Reads every setting from the environment once, with the defaults listed in the README. */
export function loadConfig(env: Env = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const provider = oneOf(env, 'PAYMENT_PROVIDER', ['simulator', 'cashfree'] as const, 'simulator');
  const cashfreeEnv = oneOf(env, 'CASHFREE_ENV', ['sandbox', 'production'] as const, 'sandbox');
  const deployEnv = oneOf(env, 'DEPLOY_ENV', DEPLOY_ENVS, 'development');
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters');
  }
  return {
    port: env.PORT === '0' ? 0 : positiveInt(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    deployEnv,
    dataDir: resolve(env.DATA_DIR || resolve(repoRoot, '.data')),
    databaseUrl,
    productName: env.PRODUCT_NAME || 'Loan Portal',
    tagline: env.PRODUCT_TAGLINE || 'Loans made easy, secure & fast.',
    supportEmail: env.SUPPORT_EMAIL || 'support@loanportal.example',
    supportPhone: env.SUPPORT_PHONE || '+91 80 4000 0000',
    privacyNoticeVersion: privacyNoticeVersion(env.PRIVACY_NOTICE_VERSION),
    grievanceOfficer: {
      name: env.GRIEVANCE_OFFICER_NAME || 'Grievance Officer',
      email: env.GRIEVANCE_OFFICER_EMAIL || 'grievance@loanportal.example',
      phone: env.GRIEVANCE_OFFICER_PHONE || '+91 80 4000 0001',
    },
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
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: (env.CORS_ORIGINS || '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    redisUrl: env.REDIS_URL || undefined,
    auth: {
      jwtSecret: env.JWT_SECRET || undefined,
      accessTokenTtlSeconds: positiveInt(env, 'ACCESS_TOKEN_TTL_SECONDS', 900),
      refreshTokenTtlSeconds: positiveInt(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600),
      loginRateLimitPerMinute: positiveInt(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 20),
      adminLockoutAttempts: positiveInt(env, 'ADMIN_LOCKOUT_ATTEMPTS', 3),
      adminLockoutSeconds: positiveInt(env, 'ADMIN_LOCKOUT_SECONDS', 30),
      passwordHashQueueLimit: positiveInt(env, 'PASSWORD_HASH_QUEUE_LIMIT', 16),
      bootstrapAdmin: loadBootstrapAdmin(env),
    },
    otp: {
      ttlSeconds: positiveInt(env, 'OTP_TTL_SECONDS', 300),
      maxAttempts: positiveInt(env, 'OTP_MAX_ATTEMPTS', 5),
      resendCooldownSeconds: positiveInt(env, 'OTP_RESEND_COOLDOWN_SECONDS', 30),
      maxPerNumberPerHour: positiveInt(env, 'OTP_MAX_PER_NUMBER_PER_HOUR', 10),
      maxPerIpPerHour: positiveInt(env, 'OTP_MAX_PER_IP_PER_HOUR', 30),
      resetTokenTtlSeconds: positiveInt(env, 'PASSWORD_RESET_TOKEN_TTL_SECONDS', 900),
    },
    sms: loadSmsConfig(env, deployEnv),
    dataEncryptionKey: loadDataEncryptionKey(env),
    payments: loadPaymentSettings(env, { provider, mode: cashfreeEnv, deployEnv }),
    apiDocs:
      oneOf(
        env,
        'API_DOCS',
        ['true', 'false'] as const,
        deployEnv === 'production' ? 'false' : 'true',
      ) === 'true',
    jobs: { worker: oneOf(env, 'JOB_WORKER', ['true', 'false'] as const, 'true') === 'true' },
    metricsToken: loadMetricsToken(env),
    shutdown: {
      drainDelaySeconds: wholeSeconds(env, 'DRAIN_DELAY_SECONDS', 5),
      timeoutSeconds: positiveInt(env, 'SHUTDOWN_TIMEOUT_SECONDS', 30),
    },
  };
}
