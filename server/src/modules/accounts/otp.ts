import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Locale } from '@loan-portal/api-client';
import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OtpConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { storableClientAddress } from '../../lib/client-address';
import { HttpError } from '../../plugins/error-handler';
import { type SmsProvider, SmsSendError } from '../../providers/sms';
import { accountExistsSmsText, otpSmsText } from '../i18n/sms-texts';
import { otpCodes } from './tables';

export type OtpPurpose = 'signup' | 'reset';

export interface OtpService {
  /**
   * Makes a new code (replacing any open one) after the cooldown and hourly caps allow it, and
   * sends it unless `deliver` is false: a reset for an unknown number is recorded but never sent,
   * so that it meets exactly the same limits as a real one. `deliver: 'account_exists'` sends,
   * instead of the code, a notice that someone tried to sign up with a number that has an account.
   */
  issue(input: {
    phone: string;
    purpose: OtpPurpose;
    ip: string;
    deliver: boolean | 'account_exists';
    /** The language of the SMS (the account's, or the caller's for a new number); en if none. */
    locale?: Locale;
  }): Promise<void>;
  /** Accepts the open code once; throws a 400 (or 429 after too many tries) otherwise. */
  consume(input: { phone: string; purpose: OtpPurpose; code: string }): Promise<void>;
  /**
   * Checks the code like `consume` (counting the try) without spending it; `spend` then takes it
   * in the caller's transaction, so a change made with the code commits together with its use.
   */
  check(input: { phone: string; purpose: OtpPurpose; code: string }): Promise<{ id: number }>;
  /** Spends a checked code in `writer` (a transaction); false when another use took it first. */
  spend(writer: Pick<Database, 'update'>, code: { id: number }): Promise<boolean>;
}

const HOUR_MS = 3600_000;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

function tooMany(message: string, retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, message, undefined, { 'retry-after': String(seconds) });
}

export function createOtpService(deps: {
  db: Database;
  config: OtpConfig;
  /** HMAC key: a stolen table of code hashes cannot be brute-forced without it. */
  hmacKey: Buffer;
  sms: SmsProvider;
  now: () => Date;
  productName: string;
  log: FastifyBaseLogger;
}): OtpService {
  const { db, config, now } = deps;

  const hash = (phone: string, purpose: OtpPurpose, code: string) =>
    createHmac('sha256', deps.hmacKey).update(`${purpose}:${phone}:${code}`).digest('hex');

  async function checkLimits(tx: Tx, phone: string, purpose: OtpPurpose, ip: string, at: Date) {
    const [latest] = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(and(eq(otpCodes.phoneNumber, phone), eq(otpCodes.purpose, purpose)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    if (latest) {
      const wait = latest.createdAt.getTime() + config.resendCooldownSeconds * 1000 - at.getTime();
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw tooMany(`Please wait ${seconds} seconds before requesting a new OTP.`, seconds);
      }
    }
    const hourAgo = new Date(at.getTime() - HOUR_MS);
    const caps = [
      {
        where: eq(otpCodes.phoneNumber, phone),
        max: config.maxPerNumberPerHour,
        message: 'Too many OTP requests for this number. Please try again later.',
      },
      {
        where: eq(otpCodes.ip, ip),
        max: config.maxPerIpPerHour,
        message: 'Too many OTP requests from your network. Please try again later.',
      },
    ];
    for (const cap of caps) {
      const [row] = await tx
        .select({ sent: count(), oldest: min(otpCodes.createdAt) })
        .from(otpCodes)
        .where(and(cap.where, gt(otpCodes.createdAt, hourAgo)));
      if (row.sent >= cap.max) {
        const oldest = row.oldest ? new Date(row.oldest).getTime() : at.getTime();
        throw tooMany(cap.message, (oldest + HOUR_MS - at.getTime()) / 1000);
      }
    }
  }

  async function spend(writer: Pick<Database, 'update'>, { id }: { id: number }): Promise<boolean> {
    const [closed] = await writer
      .update(otpCodes)
      .set({ closedAt: now() })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.closedAt)))
      .returning({ id: otpCodes.id });
    return Boolean(closed);
  }

  async function check({
    phone,
    purpose,
    code,
  }: {
    phone: string;
    purpose: OtpPurpose;
    code: string;
  }): Promise<{ id: number }> {
    const at = now();
    const [open] = await db
      .select()
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.phoneNumber, phone),
          eq(otpCodes.purpose, purpose),
          isNull(otpCodes.closedAt),
        ),
      )
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    if (!open) throw new HttpError(400, 'Invalid OTP. Please request a new one.');
    if (open.expiresAt.getTime() <= at.getTime()) {
      throw new HttpError(400, 'OTP has expired. Please request a new one.');
    }
    // Count the try first, atomically, so parallel guesses cannot exceed the limit.
    const [counted] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(
        and(
          eq(otpCodes.id, open.id),
          isNull(otpCodes.closedAt),
          sql`${otpCodes.attempts} < ${config.maxAttempts}`,
        ),
      )
      .returning({ attempts: otpCodes.attempts });
    if (!counted) {
      throw new HttpError(400, 'Too many wrong attempts. Please request a new OTP.');
    }
    const expected = Buffer.from(open.codeHash, 'hex');
    const given = Buffer.from(hash(phone, purpose, code), 'hex');
    if (timingSafeEqual(expected, given)) return { id: open.id };
    const left = config.maxAttempts - counted.attempts;
    if (left <= 0) {
      await db.update(otpCodes).set({ closedAt: at }).where(eq(otpCodes.id, open.id));
      throw new HttpError(400, 'Too many wrong attempts. Please request a new OTP.');
    }
    throw new HttpError(
      400,
      `Invalid OTP. Please try again. ${left} ${left === 1 ? 'attempt' : 'attempts'} remaining.`,
    );
  }

  return {
    check,
    spend,
    async issue({ phone, purpose, ip: clientAddress, deliver, locale = 'en' }) {
      const ip = storableClientAddress(clientAddress);
      const at = now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = await db.transaction(async (tx) => {
        // Parallel requests for one number queue here, so none slips past the cooldown.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
        await checkLimits(tx, phone, purpose, ip, at);
        await tx
          .update(otpCodes)
          .set({ closedAt: at })
          .where(
            and(
              eq(otpCodes.phoneNumber, phone),
              eq(otpCodes.purpose, purpose),
              isNull(otpCodes.closedAt),
            ),
          );
        const [row] = await tx
          .insert(otpCodes)
          .values({
            phoneNumber: phone,
            purpose,
            ip,
            codeHash: hash(phone, purpose, code),
            createdAt: at,
            expiresAt: new Date(at.getTime() + config.ttlSeconds * 1000),
          })
          .returning({ id: otpCodes.id });
        return row.id;
      });
      if (!deliver) return;
      if (deliver === 'account_exists') {
        const notice = accountExistsSmsText(locale, deps.productName);
        try {
          await deps.sms.send(phone, notice, { purpose: 'account_exists', language: locale });
        } catch (error) {
          if (!(error instanceof SmsSendError)) throw error;
          // Answered like a sent code all the same: an error here would tell the number exists.
          deps.log.error(
            { err: error, provider: deps.sms.name },
            'account notice could not be sent',
          );
        }
        return;
      }
      const minutes = Math.round(config.ttlSeconds / 60);
      const body = otpSmsText(locale, { code, productName: deps.productName, minutes });
      try {
        await deps.sms.send(phone, body, { purpose, code, language: locale });
      } catch (error) {
        if (!(error instanceof SmsSendError)) throw error;
        // The caller never got the code: forget it so it counts against no limit.
        await db.delete(otpCodes).where(eq(otpCodes.id, id));
        deps.log.error({ err: error, provider: deps.sms.name }, 'SMS could not be sent');
        throw new HttpError(502, 'Failed to send OTP. Please try again.');
      }
    },

    async consume(input) {
      if (!(await spend(db, await check(input)))) {
        // Lost a race with a parallel correct try: the code was single-use.
        throw new HttpError(400, 'Invalid OTP. Please request a new one.');
      }
    },
  };
}
