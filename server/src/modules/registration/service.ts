import type { Application, DashboardData, ProfilePayload } from '@loan-portal/api-client';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storableClientAddress } from '../../lib/client-address';
import { type FieldCipher, lastFour } from '../../lib/encryption';
import { HttpError } from '../../plugins/error-handler';
import type { SignInRow } from '../accounts/sign-in-row';
import { clientHistory, staffHistory } from '../applications/status-changes';
import { recordAudit } from '../audit';
import { removeDraftOf } from '../profile-drafts/service';
import { createClientApplication } from './client-application';
import { createDashboard } from './dashboard';
import type { DateRange } from './dates';
import { createExportQuery } from './export-query';
import { profiles, registrations } from './tables';

/** Statuses in which the client may still change the profile; afterwards it is frozen. */
const EDITABLE_STATUSES = new Set(['draft', 'pending_payment']);

export const FROZEN_PROFILE_MESSAGE =
  'Your application has been submitted and can no longer be changed.';

export interface ListFilters {
  search?: string;
  range: DateRange;
  /** Only these statuses; undefined for all. */
  statuses?: string[];
}

export interface ListQuery extends ListFilters {
  page: number;
  pageSize: number;
}

/** One row of the export, in the order of the sheet's columns. */
export interface ExportRow {
  applicationId: number;
  fullName: string;
  contactNumber: string;
  alternativeContactNumber: string;
  loanType: string;
  loanAmount: number;
  aadhaarNumber: string;
  panNumber: string;
  bankName: string;
  accountNumber: string;
  ifscCode: string;
  fullAddress: string;
  city: string;
  pinCode: string;
  state: string;
  status: string;
  delivered: boolean;
  submittedAt: Date;
}

export { submittedAt } from './dates';

/** The profile's own fields; the consent is checked by the route and comes in `checks`. */
export type ProfileFields = Omit<ProfilePayload, 'consent_notice_version'>;

/** What the server decided about a profile, stored with it. */
export interface ProfileChecks {
  /** Whether the IFSC is in RBI's list (the server's own lookup). */
  ifscVerified: boolean;
  /** The notice accepted and the client's address; the time is the save's. */
  consent: { noticeVersion: string; ip: string };
}

export interface RegistrationService {
  /** Saves the profile and removes the client's form draft, in one transaction. */
  saveProfile(
    userId: number,
    payload: ProfileFields,
    checks: ProfileChecks,
  ): Promise<{ created: boolean; application: Application }>;
  getApplication(userId: number): Promise<Application | null>;
  /** For `app.clientReadWithSignIn`: the check's row and the application in one statement. */
  getApplicationWithSignIn(claims: {
    userId: number;
    sessionId: string | null;
  }): Promise<{ signIn: SignInRow | undefined; value: Application | null }>;
  dashboard(): Promise<DashboardData>;
  /** Flips the flag and writes its audit row in one transaction: both are stored or neither. */
  toggleDelivered(
    registrationId: number,
    actor: { userId: number; ip: string },
  ): Promise<{ id: number; delivered: boolean } | null>;
  /** Masked identity numbers unless `fullNumbers` (a superuser's audited request). */
  exportBatches(
    filters: ListFilters,
    batchSize: number,
    options?: { fullNumbers?: boolean },
  ): AsyncGenerator<ExportRow[]>;
}

export function createRegistrationService(deps: {
  db: Database;
  cipher: FieldCipher;
  now?: () => Date;
}): RegistrationService {
  const { db, cipher } = deps;
  const now = deps.now ?? (() => new Date());

  const clientApplication = createClientApplication({ db, cipher });
  const { toApplication } = clientApplication;

  function profileColumns(payload: ProfileFields) {
    const aadhaar = payload.aadhaar_number.replace(/\s+/g, '');
    const account = payload.account_number.trim();
    return {
      fullName: payload.full_name.trim(),
      contactNumber: payload.contact_number,
      alternativeContactNumber: payload.alternative_contact_number?.trim() || null,
      aadhaarEncrypted: cipher.encrypt(aadhaar),
      aadhaarLast4: lastFour(aadhaar),
      panNumber: payload.pan_number,
      bankName: payload.bank_name.trim(),
      accountEncrypted: cipher.encrypt(account),
      accountLast4: lastFour(account),
      ifscCode: payload.ifsc_code,
      fullAddress: payload.full_address.trim(),
      city: payload.city.trim(),
      state: payload.state,
      pinCode: payload.pin_code,
      loanType: payload.loan_type,
      loanAmount: Number(payload.loan_amount),
    };
  }

  const exportQuery = createExportQuery({ db, cipher });

  return {
    exportBatches: exportQuery.exportBatches,

    async saveProfile(userId, payload, checks) {
      const columns = {
        ...profileColumns(payload),
        ifscVerified: checks.ifscVerified,
        consentNoticeVersion: checks.consent.noticeVersion,
        consentGivenAt: now(),
        consentIp: storableClientAddress(checks.consent.ip),
      };
      const saved = await db.transaction(async (tx) => {
        await removeDraftOf(tx, userId);
        // The row lock makes a concurrent payment wait, so a profile cannot change under it.
        const [existing] = await tx
          .select({ profile: profiles, registration: registrations })
          .from(profiles)
          .innerJoin(registrations, eq(registrations.profileId, profiles.id))
          .where(eq(profiles.userId, userId))
          .for('update');
        if (existing) {
          if (!EDITABLE_STATUSES.has(existing.registration.status)) {
            throw new HttpError(409, FROZEN_PROFILE_MESSAGE);
          }
          const [profile] = await tx
            .update(profiles)
            .set({ ...columns, updatedAt: now() })
            .where(eq(profiles.id, existing.profile.id))
            .returning();
          return { created: false, profile: profile!, registration: existing.registration };
        }
        const at = now();
        const [profile] = await tx
          .insert(profiles)
          .values({ ...columns, userId, createdAt: at, updatedAt: at })
          .onConflictDoNothing({ target: profiles.userId })
          .returning();
        if (!profile) {
          // A second submission of the same client won the race; ask for a retry, never merge.
          throw new HttpError(409, 'Your application is being saved. Please try again.');
        }
        const [registration] = await tx
          .insert(registrations)
          .values({ profileId: profile.id, userId, status: 'draft', createdAt: at })
          .returning();
        return { created: true, profile, registration: registration! };
      });
      const history = clientHistory(await staffHistory(db, saved.registration));
      return {
        created: saved.created,
        application: { ...toApplication(saved.profile, saved.registration), history },
      };
    },

    getApplication: clientApplication.getApplication,
    getApplicationWithSignIn: clientApplication.getApplicationWithSignIn,

    dashboard: createDashboard(db, now),

    async toggleDelivered(registrationId, actor) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(registrations)
          .set({ delivered: sql`not ${registrations.delivered}` })
          .where(eq(registrations.id, registrationId))
          .returning({ id: registrations.id, delivered: registrations.delivered });
        if (!row) return null;
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'registration.delivered',
          subject: String(row.id),
          details: { delivered: row.delivered },
          ip: actor.ip,
        });
        return row;
      });
    },
  };
}
