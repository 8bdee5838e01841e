import type { Database } from '../../db/client';
import { recordAudit } from '../audit';
import { staffSecuritySettings } from './tables';

export interface SecuritySettings {
  totpRequired: boolean;
}

/** The one settings row; absent until a superuser first changes something (defaults then). */
export async function readSecuritySettings(db: Database): Promise<SecuritySettings> {
  const [row] = await db.select().from(staffSecuritySettings);
  return { totpRequired: row?.totpRequired ?? false };
}

export async function writeSecuritySettings(
  db: Database,
  input: { totpRequired: boolean; actorUserId: number; ip: string; at: Date },
): Promise<SecuritySettings> {
  await db.transaction(async (tx) => {
    await tx
      .insert(staffSecuritySettings)
      .values({
        id: 1,
        totpRequired: input.totpRequired,
        updatedAt: input.at,
        updatedBy: input.actorUserId,
      })
      .onConflictDoUpdate({
        target: staffSecuritySettings.id,
        set: {
          totpRequired: input.totpRequired,
          updatedAt: input.at,
          updatedBy: input.actorUserId,
        },
      });
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: 'staff.settings.changed',
      details: { totp_required: input.totpRequired },
      ip: input.ip,
    });
  });
  return { totpRequired: input.totpRequired };
}
