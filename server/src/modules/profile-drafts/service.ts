/**
 * The registration form's draft: saved as the client moves between steps, so that a reload or
 * another device continues where they left off, and removed when the profile is submitted
 * (registration/service.ts deletes it in the transaction that saves the profile).
 *
 * A draft is not a profile: its values are whatever was typed so far, valid or not, so the
 * server checks only their shape (known fields, strings, a sane length) and never the form's
 * rules. The values are encrypted as one JSON document: they include the Aadhaar and account
 * numbers, and nothing needs to search them.
 */
import type { ProfileDraft, ProfileDraftInput, ProfileDraftValues } from '@loan-portal/api-client';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FieldCipher } from '../../lib/encryption';
import { profileDrafts } from './tables';

export interface ProfileDraftService {
  get(userId: number): Promise<ProfileDraft | null>;
  save(userId: number, draft: ProfileDraftInput): Promise<ProfileDraft>;
  /** True when there was one. */
  remove(userId: number): Promise<boolean>;
}

/** Removes a client's draft inside the caller's transaction (the profile was submitted). */
export async function removeDraftOf(db: Pick<Database, 'delete'>, userId: number) {
  await db.delete(profileDrafts).where(eq(profileDrafts.userId, userId));
}

export function createProfileDraftService(deps: {
  db: Database;
  cipher: FieldCipher;
  now?: () => Date;
}): ProfileDraftService {
  const { db, cipher } = deps;
  const now = deps.now ?? (() => new Date());
  // /register reads it on every load (its early request): the route's service builds it once,
  // not per request (F22).
  const draftOfUser = db
    .select()
    .from(profileDrafts)
    .where(eq(profileDrafts.userId, sql.placeholder('userId')))
    .prepare('profile_draft_of_user');

  function toDraft(row: typeof profileDrafts.$inferSelect): ProfileDraft {
    return {
      step: row.step,
      values: JSON.parse(cipher.decrypt(row.valuesEncrypted)) as ProfileDraftValues,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  return {
    async get(userId) {
      const [row] = await draftOfUser.execute({ userId });
      return row ? toDraft(row) : null;
    },

    async save(userId, draft) {
      const values = {
        step: draft.step,
        valuesEncrypted: cipher.encrypt(JSON.stringify(draft.values)),
        updatedAt: now(),
      };
      const [row] = await db
        .insert(profileDrafts)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: profileDrafts.userId, set: values })
        .returning();
      return toDraft(row!);
    },

    async remove(userId) {
      const deleted = await db
        .delete(profileDrafts)
        .where(eq(profileDrafts.userId, userId))
        .returning({ userId: profileDrafts.userId });
      return deleted.length > 0;
    },
  };
}
