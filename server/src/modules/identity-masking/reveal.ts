import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FieldCipher } from '../../lib/encryption';
import { recordAudit } from '../audit';
import { profiles, registrations } from '../registration/tables';
import type { RevealableField } from '.';

/**
 * One full identity number of one applicant, for the staff member who asked: the audit entry
 * (who, which applicant, which field) is written first, so no number is shown unrecorded.
 */
export async function revealField(
  deps: { db: Database; cipher: FieldCipher },
  request: {
    registrationId: number;
    field: RevealableField;
    actor: { userId: number; ip: string };
  },
): Promise<string | null> {
  const [row] = await deps.db
    .select({ aadhaar: profiles.aadhaarEncrypted, account: profiles.accountEncrypted })
    .from(registrations)
    .innerJoin(profiles, eq(profiles.id, registrations.profileId))
    .where(eq(registrations.id, request.registrationId));
  if (!row) return null;
  await recordAudit(deps.db, {
    actorUserId: request.actor.userId,
    action: 'applicant.number_revealed',
    subject: String(request.registrationId),
    details: { field: request.field },
    ip: request.actor.ip,
  });
  return deps.cipher.decrypt(request.field === 'aadhaar_number' ? row.aadhaar : row.account);
}
