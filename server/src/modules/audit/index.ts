import type { Database } from '../../db/client';
import { storableClientAddress } from '../../lib/client-address';
import { auditLog } from './tables';

export { auditLog } from './tables';

export interface AuditEntry {
  /** The signed-in user who acted; null when unknown (a failed login for an unknown name). */
  actorUserId: number | null;
  /** Dotted verb, e.g. 'admin.login.succeeded', 'profiles.exported', 'registration.delivered'. */
  action: string;
  /** What was acted on: a username, a registration id, an export's date range. */
  subject?: string;
  /** Never personal data (Aadhaar, account numbers) or secrets: this table is read by people. */
  details?: Record<string, unknown>;
  ip: string;
}

/**
 * Where a row is written: the database, or the transaction of the change it records, so that a
 * change and its audit row are stored together or not at all.
 */
export type AuditWriter = Pick<Database, 'insert'>;

/** Appends one row to audit_log: who did what, when and from where. */
export async function recordAudit(db: AuditWriter, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    subject: entry.subject ?? null,
    details: entry.details ?? null,
    ip: storableClientAddress(entry.ip),
  });
}
