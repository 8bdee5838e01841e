import type { Paginated } from './registration';

/** One audit entry as the back office reads it (never Aadhaar or account numbers). */
export interface AuditEntry {
  id: number;
  /** ISO 8601 instant. */
  created_at: string;
  action: string;
  /** The staff member who acted; null for an unknown name at a failed sign-in, or the system. */
  actor: { id: number; username: string | null } | null;
  /** The registration an applicant action concerns; null for others (sign-ins, exports). */
  applicant_id: number | null;
  subject: string | null;
  details: Record<string, unknown> | null;
  ip: string;
}

/** GET /api/registration/admin/audit/ (superuser). Dates are Asia/Kolkata calendar days. */
export interface AuditListParams {
  page?: number;
  page_size?: number;
  /** A staff username, exactly. */
  actor?: string;
  action?: string;
  /** A registration (application) id. */
  applicant?: number | string;
  from_date?: string;
  to_date?: string;
}

export type AuditExportParams = Omit<AuditListParams, 'page' | 'page_size'>;

export type AuditPage = Paginated<AuditEntry>;
