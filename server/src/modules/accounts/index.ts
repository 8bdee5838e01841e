import { hkdfSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { ConsoleSmsProvider, createSmsProvider, type SmsProvider } from '../../providers/sms';
import { smsOutboxRoutes } from '../../providers/sms/outbox-routes';
import type { AdminSignInGate } from '../staff/sign-in-steps';
import { createOtpService } from './otp';
import { accountsRoutes } from './routes';
import { createAccountsService } from './service';
import { createRefreshTokenStore } from './tokens';

export interface AccountsModuleOptions {
  config: AppConfig;
  db: Database;
  now: () => Date;
  /** The server secret the access tokens are signed with; the OTP HMAC key is derived from it. */
  serverSecret: string;
  /** Replaces the provider chosen by SMS_PROVIDER (tests). */
  sms?: SmsProvider;
  /** The console provider behind `sms` when it is wrapped (metrics): its outbox is served. */
  outbox?: ConsoleSmsProvider;
  /** The steps a staff password may still owe (staff module). */
  adminSignInGate?: AdminSignInGate;
}

/** Accounts, sessions, one-time codes and, with the console SMS provider, the dev outbox. */
export async function accountsModule(app: FastifyInstance, opts: AccountsModuleOptions) {
  const { config, db, now } = opts;
  const sms = opts.sms ?? createSmsProvider(config.sms, app.log, db, now);
  const otp = createOtpService({
    db,
    config: config.otp,
    hmacKey: Buffer.from(hkdfSync('sha256', opts.serverSecret, '', 'otp-code-hmac', 32)),
    sms,
    now,
    productName: config.productName,
    log: app.log,
  });
  const accounts = createAccountsService({
    db,
    auth: config.auth,
    otpConfig: config.otp,
    otp,
    accessTokens: app.accessTokens,
    refreshTokens: createRefreshTokenStore({
      db,
      ttlSeconds: config.auth.refreshTokenTtlSeconds,
      now,
    }),
    now,
    adminSignInGate: opts.adminSignInGate,
  });
  await app.register(accountsRoutes, { config, accounts });
  const outbox = opts.outbox ?? (sms instanceof ConsoleSmsProvider ? sms : undefined);
  if (outbox) {
    await app.register(smsOutboxRoutes, { outbox });
  }
}
