/**
 * Staff accounts and the second factor (issue 15).
 *
 * Roles stay the two flags the users table always had: `is_staff` reads the back office,
 * `is_superuser` also manages staff here. A superuser creates an account with a temporary
 * password, disables or enables it (a disabled account's refresh families are revoked and its
 * access tokens refused at once), resets its password (temporary again) or its second factor (a
 * lost phone: secret and recovery codes removed, sessions ended; where the factor is required the
 * member enrols again at the next sign-in), and grants or withdraws superuser, never for their own
 * account: so the last superuser cannot be lost from this screen.
 *
 * Sign-in becomes steps. A correct password hands out no session while something is due: it
 * answers a short-lived, single-purpose challenge (only its hash is stored) for the step that
 * comes next: a new password in place of a temporary one, a TOTP code (RFC 6238, otplib; a
 * recovery code also does), or an enrolment when a superuser made the second factor required.
 * Wrong codes count towards the same lockout rows as wrong passwords. The TOTP secret is stored
 * encrypted with the cipher of the Aadhaar numbers; the ten recovery codes only as hashes; the
 * newest accepted time step is kept so a code is never taken twice. The QR code is drawn on the
 * server as SVG, so the admin portal ships no QR library.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { createFieldCipher, loadEncryptionKey } from '../../lib/encryption';
import type { AccessTokens } from '../accounts/tokens';
import { createRefreshTokenStore } from '../accounts/tokens';
import { staffRoutes } from './routes';
import { createStaffService } from './service';
import { createSignInSteps, type SignInSteps } from './sign-in-steps';

export type { AdminSignInGate, PendingSignIn, SignInStep } from './sign-in-steps';
export {
  staffRecoveryCodes,
  staffSecuritySettings,
  staffSignInChallenges,
  staffTotp,
} from './tables';

export function createStaffSignIn(deps: {
  config: AppConfig;
  db: Database;
  now: () => Date;
  accessTokens: AccessTokens;
}): SignInSteps {
  const { config, db, now } = deps;
  return createSignInSteps({
    db,
    now,
    auth: config.auth,
    cipher: createFieldCipher(
      loadEncryptionKey({ configuredKey: config.dataEncryptionKey, dataDir: config.dataDir }),
    ),
    issuer: config.productName,
    accessTokens: deps.accessTokens,
    refreshTokens: createRefreshTokenStore({
      db,
      ttlSeconds: config.auth.refreshTokenTtlSeconds,
      now,
    }),
  });
}

export async function staffModule(
  app: FastifyInstance,
  opts: { config: AppConfig; db: Database; now: () => Date; signIn: SignInSteps },
) {
  const staff = createStaffService({
    db: opts.db,
    now: opts.now,
    refreshTokens: createRefreshTokenStore({
      db: opts.db,
      ttlSeconds: opts.config.auth.refreshTokenTtlSeconds,
      now: opts.now,
    }),
  });
  await app.register(staffRoutes, { ...opts, staff });
}
