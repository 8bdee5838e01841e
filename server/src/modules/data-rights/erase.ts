import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FieldCipher } from '../../lib/encryption';
import { HttpError } from '../../plugins/error-handler';
import { devSmsOutbox } from '../../providers/sms/tables';
import { verifyPassword } from '../accounts/passwords';
import { otpCodes, passwordResetTokens, refreshTokens, users } from '../accounts/tables';
import { recordAudit } from '../audit';
import { payments } from '../payments/tables';
import { profileDrafts } from '../profile-drafts/tables';
import { profiles, registrations } from '../registration/tables';
import { signInFailures, signInKnownAddresses } from '../sign-in-throttle/tables';

/** What staff read in place of an erased applicant's name (the list, the applicant page). */
export const ERASED_NAME = 'Erased';
export const WRONG_PASSWORD = 'The password is incorrect.';
export const ERASED_MESSAGE =
  'Your personal data has been erased and you have been signed out. Payment records are kept as the law requires.';

/** Never an argon2 hash: nobody can sign in to an erased account, with any password. */
const NO_PASSWORD = '!erased';

/**
 * Erases a client's personal data (DPDP Act 2023, section 12) and ends every session of theirs,
 * in one transaction with its audit row.
 *
 * Rows are anonymised, not deleted: the payments (amounts, provider ids, dates) are records a
 * lender must keep, and they hang on the registration, which hangs on the profile. The phone
 * number goes from the account (freeing it for a new sign-up), the name becomes "Erased", and
 * every other identifying field is emptied; the identity numbers are re-encrypted as empty
 * strings so every reader that decrypts them (reveal, export) keeps working.
 */
export async function eraseAccount(
  deps: { db: Database; cipher: FieldCipher; now: () => Date },
  input: { userId: number; password: string; ip: string },
): Promise<void> {
  const { db, cipher, now } = deps;
  const [user] = await db
    .select({ passwordHash: users.passwordHash, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, input.userId));
  // Checked before the transaction: argon2 is slow on purpose, and holds no lock meanwhile.
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user?.phoneNumber) {
    throw new HttpError(400, WRONG_PASSWORD, { password: WRONG_PASSWORD });
  }
  const phone = user.phoneNumber;
  await db.transaction(async (tx) => {
    const at = now();
    // Locked as a refresh and a password reset lock it: a refresh under way finishes first
    // and its new token is revoked below; a later one finds its family revoked.
    const [locked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.userId), isNull(users.erasedAt)))
      .for('update');
    if (!locked) throw new HttpError(409, 'This account has already been erased.');
    await tx
      .update(users)
      .set({ phoneNumber: null, passwordHash: NO_PASSWORD, erasedAt: at, sessionsValidAfter: at })
      .where(eq(users.id, input.userId));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.userId, input.userId), isNull(refreshTokens.revokedAt)));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, input.userId));
    // A half-filled form holds everything the profile does.
    await tx.delete(profileDrafts).where(eq(profileDrafts.userId, input.userId));
    // What else names the number: codes sent to it, the dev outbox, the sign-in throttle.
    await tx.delete(otpCodes).where(eq(otpCodes.phoneNumber, phone));
    await tx.delete(devSmsOutbox).where(eq(devSmsOutbox.to, phone));
    await tx.delete(signInFailures).where(
      and(
        sql`${signInFailures.scope} like 'client:%'`,
        // The account's own key, and its pairs with an address (number, newline, address).
        or(eq(signInFailures.key, phone), sql`${signInFailures.key} like ${`${phone}\n%`}`),
      ),
    );
    await tx
      .delete(signInKnownAddresses)
      .where(
        and(eq(signInKnownAddresses.portal, 'client'), eq(signInKnownAddresses.account, phone)),
      );
    const [profile] = await tx
      .update(profiles)
      .set({
        fullName: ERASED_NAME,
        contactNumber: '',
        alternativeContactNumber: null,
        aadhaarEncrypted: cipher.encrypt(''),
        aadhaarLast4: '',
        panNumber: '',
        accountEncrypted: cipher.encrypt(''),
        accountLast4: '',
        fullAddress: '',
        city: '',
        state: '',
        pinCode: '',
        // The consent's version and time stay as the record that it was given; the address goes.
        consentIp: null,
        updatedAt: at,
      })
      .where(eq(profiles.userId, input.userId))
      .returning({ id: profiles.id });
    const [registration] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.userId, input.userId));
    if (registration) {
      // The provider's copy of a payment names the customer's phone: the amounts, ids and
      // times stay, the customer details go.
      await tx
        .update(payments)
        .set({ raw: sql`(${payments.raw} - 'customer_details') #- '{data,customer_details}'` })
        .where(eq(payments.registrationId, registration.id));
    }
    await recordAudit(tx, {
      actorUserId: input.userId,
      action: 'account.erased',
      subject: registration ? String(registration.id) : `user ${input.userId}`,
      details: { user_id: input.userId, had_profile: Boolean(profile) },
      ip: input.ip,
    });
  });
}
