import { sql } from 'drizzle-orm';
import { refreshTokens, users } from './tables';

/**
 * The columns of the sign-in check (plugins/auth.ts): one row of `users` and whether the token's
 * sign-in has ended (its refresh token family revoked: logout, or a stolen refresh token
 * detected). The session id is the statement's `sid` placeholder. The auth plugin's own statement
 * reads them alone; a hot read may select them beside its own columns, in its one statement
 * (`app.clientReadWithSignIn`).
 */
export function signInColumns() {
  return {
    id: users.id,
    isStaff: users.isStaff,
    isSuperuser: users.isSuperuser,
    phoneNumber: users.phoneNumber,
    username: users.username,
    preferredLanguage: users.preferredLanguage,
    isActive: users.isActive,
    sessionsValidAfter: users.sessionsValidAfter,
    sessionEnded: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sid')}::uuid and ${refreshTokens.revokedAt} is not null)`,
  };
}

/** What signInColumns reads, once mapped. */
export interface SignInRow {
  id: number;
  isStaff: boolean;
  isSuperuser: boolean;
  phoneNumber: string | null;
  username: string | null;
  preferredLanguage: 'en' | 'hi';
  isActive: boolean;
  sessionsValidAfter: Date | null;
  sessionEnded: boolean;
}
