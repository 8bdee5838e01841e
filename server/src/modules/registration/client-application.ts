import type { Application } from '@loan-portal/api-client';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FieldCipher } from '../../lib/encryption';
import { type SignInRow, signInColumns } from '../accounts/sign-in-row';
import { users } from '../accounts/tables';
import { changesOfRegistration, clientHistoryOf } from '../applications/status-changes';
import { submittedAt } from './dates';
import { ownersProfile } from './profile-fields';
import { type ProfileRow, profiles, type RegistrationRow, registrations } from './tables';

/** The columns of an application as its owner sees it (toApplication). */
const applicationProfile = {
  fullName: profiles.fullName,
  contactNumber: profiles.contactNumber,
  alternativeContactNumber: profiles.alternativeContactNumber,
  aadhaarEncrypted: profiles.aadhaarEncrypted,
  panNumber: profiles.panNumber,
  bankName: profiles.bankName,
  accountEncrypted: profiles.accountEncrypted,
  ifscCode: profiles.ifscCode,
  fullAddress: profiles.fullAddress,
  city: profiles.city,
  state: profiles.state,
  pinCode: profiles.pinCode,
  loanType: profiles.loanType,
  loanAmount: profiles.loanAmount,
};
const applicationRegistration = {
  id: registrations.id,
  status: registrations.status,
  submittedAt: registrations.submittedAt,
  createdAt: registrations.createdAt,
};

type ApplicationProfile = Pick<ProfileRow, keyof typeof applicationProfile>;
type ApplicationRegistration = Pick<RegistrationRow, keyof typeof applicationRegistration>;

/**
 * The client's own application (GET /api/registration/application/ and the status read), read on
 * every screen of the client portal: its statements are built once, and the one a signed-in
 * request sends also carries the sign-in check's row (`app.clientReadWithSignIn`).
 */
export function createClientApplication(deps: { db: Database; cipher: FieldCipher }) {
  const { db, cipher } = deps;

  function toApplication(
    profile: ApplicationProfile,
    registration: ApplicationRegistration,
  ): Application {
    return {
      application_id: registration.id,
      status: registration.status,
      submitted_at: submittedAt(registration).toISOString(),
      profile: ownersProfile(profile, cipher),
    };
  }

  function withHistory(
    profile: ApplicationProfile,
    registration: ApplicationRegistration,
    changes: Parameters<typeof clientHistoryOf>[1],
  ): Application {
    const history = clientHistoryOf(registration.createdAt, changes);
    return { ...toApplication(profile, registration), history };
  }

  // Only the columns an application shows: every column more is parsed and mapped per request.
  const applicationOfUser = db
    .select({
      profile: applicationProfile,
      registration: applicationRegistration,
      changes: changesOfRegistration(registrations.id),
    })
    .from(registrations)
    .innerJoin(profiles, eq(profiles.id, registrations.profileId))
    .where(eq(registrations.userId, sql.placeholder('userId')))
    .prepare('application_of_user');

  // The same read from the user's row, with the sign-in check's columns: one statement, one round
  // trip where the check and the read were two (bench/README.md F24).
  const applicationWithSignIn = db
    .select({
      signIn: signInColumns(),
      profile: applicationProfile,
      registration: applicationRegistration,
      changes: changesOfRegistration(registrations.id),
    })
    .from(users)
    .leftJoin(registrations, eq(registrations.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, registrations.profileId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('application_with_sign_in');

  return {
    toApplication,

    /** One round trip: the history comes in the same statement. */
    async getApplication(userId: number): Promise<Application | null> {
      const [row] = await applicationOfUser.execute({ userId });
      return row ? withHistory(row.profile, row.registration, row.changes) : null;
    },

    /** For `app.clientReadWithSignIn`: the check's row and the application, in one statement. */
    async getApplicationWithSignIn(claims: {
      userId: number;
      sessionId: string | null;
    }): Promise<{ signIn: SignInRow | undefined; value: Application | null }> {
      const [row] = await applicationWithSignIn.execute({
        userId: claims.userId,
        sid: claims.sessionId,
      });
      if (!row) return { signIn: undefined, value: null };
      // Not decrypted for an ended sign-in or a disabled account: the check refuses those. (A token
      // issued before a password reset is refused by the check too, after this decryption.)
      const value =
        row.profile && row.registration && !row.signIn.sessionEnded && row.signIn.isActive
          ? withHistory(row.profile, row.registration, row.changes)
          : null;
      return { signIn: row.signIn as SignInRow, value };
    },
  };
}
