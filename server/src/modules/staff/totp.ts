import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of ours: a phone clock 30 s off still signs in; 60 s off does not. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret });
}

/**
 * The time step a 6-digit code matched at `now` (within one step either way), or null. A step
 * at or below `afterTimeStep` is refused: a code already used (or an older one) is a replay.
 */
export async function matchTotp(input: {
  secret: string;
  code: string;
  now: Date;
  afterTimeStep: number | null;
}): Promise<number | null> {
  if (!/^\d{6}$/.test(input.code)) return null;
  const epoch = Math.floor(input.now.getTime() / 1000);
  const currentStep = Math.floor(epoch / TOTP_PERIOD_SECONDS);
  // otplib refuses an afterTimeStep beyond the window (it throws); such a value means every
  // code in the window was used already.
  if (input.afterTimeStep !== null && input.afterTimeStep >= currentStep + 1) return null;
  const result = await verify({
    secret: input.secret,
    token: input.code,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
    ...(input.afterTimeStep !== null ? { afterTimeStep: input.afterTimeStep } : {}),
  });
  return result.valid ? currentStep + result.delta : null;
}

/** Ten codes like `k7m2q-x9w4t`: 50 random bits each, read aloud or typed without ambiguity. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}
