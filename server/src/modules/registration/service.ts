import type { Application, DashboardData, ProfilePayload } from '@loan-portal/api-client';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storableClientAddress } from '../../lib/client-address';
import { type FieldCipher, lastFour } from '../../lib/encryption';
import { HttpError } from '../../plugins/error-handler';
import {
  changesOfRegistration,
  clientHistory,
  clientHistoryOf,
  staffHistory,
} from '../applications/status-changes';
import { recordAudit } from '../audit';
import { removeDraftOf } from '../profile-drafts/service';
import { createDashboard } from './dashboard';
import type { DateRange } from './dates';
import { createExportQuery } from './export-query';
import { type ProfileRow, profiles, type RegistrationRow, registrations } from './tables';

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

/**
 * What a client and the back office see as `submitted_at`: the payment time once paid, and the
 * creation time while the application is still a draft (the client dashboard shows it as the
 * application's date).
 */
export function submittedAt(registration: Pick<RegistrationRow, 'submittedAt' | 'createdAt'>) {
  return registration.submittedAt ?? registration.createdAt;
}

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

export function createRegistrationService(deps: {
  db: Database;
  cipher: FieldCipher;
  now?: () => Date;
}): RegistrationService {
  const { db, cipher } = deps;
  const now = deps.now ?? (() => new Date());

  function toApplication(
    profile: Pick<ProfileRow, keyof typeof applicationProfile>,
    registration: Pick<RegistrationRow, keyof typeof applicationRegistration>,
  ): Application {
    return {
      application_id: registration.id,
      status: registration.status,
      submitted_at: submittedAt(registration).toISOString(),
      profile: {
        full_name: profile.fullName,
        contact_number: profile.contactNumber,
        alternative_contact_number: profile.alternativeContactNumber ?? '',
        aadhaar_number: cipher.decrypt(profile.aadhaarEncrypted),
        pan_number: profile.panNumber,
        bank_name: profile.bankName,
        account_number: cipher.decrypt(profile.accountEncrypted),
        ifsc_code: profile.ifscCode,
        full_address: profile.fullAddress,
        city: profile.city,
        state: profile.state,
        pin_code: profile.pinCode,
        loan_type: profile.loanType,
        loan_amount: profile.loanAmount,
      },
    };
  }

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

  // The client portal reads this on every screen: built once, not re-rendered to SQL each time.
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

    async getApplication(userId) {
      // One round trip: the history comes in the same statement.
      const [row] = await applicationOfUser.execute({ userId });
      if (!row) return null;
      const history = clientHistoryOf(row.registration.createdAt, row.changes);
      return { ...toApplication(row.profile, row.registration), history };
    },

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
