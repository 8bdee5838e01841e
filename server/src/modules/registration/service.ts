import type {
  ApplicantProfile,
  Application,
  DashboardData,
  Paginated,
  ProfilePayload,
} from '@loan-portal/api-client';
import { and, asc, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type FieldCipher, lastFour } from '../../lib/encryption';
import { HttpError } from '../../plugins/error-handler';
import { clientHistory, staffHistory } from '../applications/status-changes';
import { recordAudit } from '../audit';
import { type DateRange, dayRangeBounds, kolkataYear } from './dates';
import {
  type ProfileRow,
  profiles,
  type RegistrationRow,
  registrationDailyCounts,
  registrations,
} from './tables';

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

const activityTime = sql`coalesce(${registrations.submittedAt}, ${registrations.createdAt})`;

/** `%term%` for LIKE with the term's own wildcards taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filters shared by the list and the export; each one is served by an index. */
function filterConditions(filters: ListFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const bounds = dayRangeBounds(filters.range);
  if (bounds.start) conditions.push(gte(registrations.createdAt, bounds.start));
  if (bounds.end) conditions.push(lt(registrations.createdAt, bounds.end));
  if (filters.statuses) conditions.push(inArray(registrations.status, filters.statuses));
  if (filters.search) {
    const lower = containsPattern(filters.search.toLowerCase());
    const upper = containsPattern(filters.search.toUpperCase());
    // Each branch matches a trigram index of the custom migration (lower(full_name), the two
    // numbers, and pan_number, which is stored upper-case).
    conditions.push(
      or(
        sql`lower(${profiles.fullName}) like ${lower}`,
        sql`${profiles.contactNumber} like ${lower}`,
        sql`${profiles.alternativeContactNumber} like ${lower}`,
        sql`${profiles.panNumber} like ${upper}`,
      ),
    );
  }
  return and(...conditions);
}

/** The day-granular range of the summary: the same Kolkata days the list's filter selects. */
function summaryDays(range: DateRange, statuses?: string[]): SQL | undefined {
  return and(
    range.from ? gte(registrationDailyCounts.day, range.from) : undefined,
    range.to ? lte(registrationDailyCounts.day, range.to) : undefined,
    statuses ? inArray(registrationDailyCounts.status, statuses) : undefined,
  );
}

const summedCount = sql<number>`coalesce(sum(${registrationDailyCounts.count}), 0)::int`;

export interface RegistrationService {
  saveProfile(
    userId: number,
    payload: ProfilePayload,
  ): Promise<{ created: boolean; application: Application }>;
  getApplication(userId: number): Promise<Application | null>;
  listProfiles(query: ListQuery): Promise<Paginated<ApplicantProfile>>;
  dashboard(): Promise<DashboardData>;
  /** Flips the flag and writes its audit row in one transaction: both are stored or neither. */
  toggleDelivered(
    registrationId: number,
    actor: { userId: number; ip: string },
  ): Promise<{ id: number; delivered: boolean } | null>;
  exportBatches(filters: ListFilters, batchSize: number): AsyncGenerator<ExportRow[]>;
}

export function createRegistrationService(deps: {
  db: Database;
  cipher: FieldCipher;
  now?: () => Date;
}): RegistrationService {
  const { db, cipher } = deps;
  const now = deps.now ?? (() => new Date());

  function toApplication(profile: ProfileRow, registration: RegistrationRow): Application {
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

  function profileColumns(payload: ProfilePayload) {
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

  /** How many rows the list pages through with these filters. */
  async function countListed(filters: ListFilters): Promise<number> {
    if (!filters.search) {
      // Exact from the daily summary: from_date/to_date select whole Kolkata days of created_at,
      // which is what a summary row is.
      const [total] = await db
        .select({ count: summedCount })
        .from(registrationDailyCounts)
        .where(summaryDays(filters.range, filters.statuses));
      return Number(total?.count ?? 0);
    }
    // A search is a substring match on the profile; only an exact count over the matches will do.
    // Its cost is the trigram bitmap's heap visits, one per matching profile.
    const [total] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(registrations)
      .innerJoin(profiles, eq(profiles.id, registrations.profileId))
      .where(filterConditions(filters));
    return Number(total?.count ?? 0);
  }

  // The client portal reads this on every screen: built once, not re-rendered to SQL each time.
  const applicationOfUser = db
    .select({ profile: profiles, registration: registrations })
    .from(registrations)
    .innerJoin(profiles, eq(profiles.id, registrations.profileId))
    .where(eq(registrations.userId, sql.placeholder('userId')))
    .prepare('application_of_user');

  return {
    async saveProfile(userId, payload) {
      const columns = profileColumns(payload);
      const saved = await db.transaction(async (tx) => {
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
      const [row] = await applicationOfUser.execute({ userId });
      if (!row) return null;
      const history = clientHistory(await staffHistory(db, row.registration));
      return { ...toApplication(row.profile, row.registration), history };
    },

    async listProfiles(query) {
      const where = filterConditions(query);
      const offset = (query.page - 1) * query.pageSize;
      // Deferred join: the page's ids come from the (created_at, id) index alone (an index-only
      // scan, so OFFSET skips index entries, not profile rows), and only the rows shown are joined
      // to their registration and profile. A search needs the profile to filter, so it joins
      // inside; the trigram indexes serve it.
      const ids = db
        .select({ id: registrations.id, createdAt: registrations.createdAt })
        .from(registrations)
        .$dynamic();
      if (query.search) ids.innerJoin(profiles, eq(profiles.id, registrations.profileId));
      const pageIds = db
        .$with('page_ids')
        .as(
          ids
            .where(where)
            .orderBy(desc(registrations.createdAt), desc(registrations.id))
            .limit(query.pageSize)
            .offset(offset),
        );
      const rows = await db
        .with(pageIds)
        .select({
          id: profiles.id,
          fullName: profiles.fullName,
          contactNumber: profiles.contactNumber,
          loanAmount: profiles.loanAmount,
          loanType: profiles.loanType,
          panNumber: profiles.panNumber,
          aadhaarEncrypted: profiles.aadhaarEncrypted,
          bankName: profiles.bankName,
          accountEncrypted: profiles.accountEncrypted,
          ifscCode: profiles.ifscCode,
          registrationId: registrations.id,
          status: registrations.status,
          delivered: registrations.delivered,
        })
        .from(pageIds)
        .innerJoin(registrations, eq(registrations.id, pageIds.id))
        .innerJoin(profiles, eq(profiles.id, registrations.profileId))
        .orderBy(desc(pageIds.createdAt), desc(pageIds.id));
      const totalItems =
        // A page that is not full is the last one: it tells the total without counting, which
        // spares the count of a narrow search (a phone number, a PAN) altogether.
        rows.length < query.pageSize && (rows.length > 0 || offset === 0)
          ? offset + rows.length
          : await countListed(query);
      return {
        results: rows.map((row) => ({
          id: row.id,
          full_name: row.fullName,
          contact_number: row.contactNumber,
          loan_amount: row.loanAmount,
          loan_type: row.loanType,
          pan_number: row.panNumber,
          // Staff need the full numbers to process an application; that is what this list is for.
          aadhaar_number: cipher.decrypt(row.aadhaarEncrypted),
          bank_name: row.bankName,
          account_number: cipher.decrypt(row.accountEncrypted),
          ifsc_code: row.ifscCode,
          registration: { id: row.registrationId, status: row.status, delivered: row.delivered },
        })),
        pagination: {
          current_page: query.page,
          page_size: query.pageSize,
          total_items: totalItems,
          total_pages: Math.max(1, Math.ceil(totalItems / query.pageSize)),
        },
      };
    },

    async dashboard() {
      // Figures from the daily summary (a few hundred rows however many applicants): the same
      // counts as grouping registrations, kept exact by the triggers of migration 0006.
      const year = kolkataYear(now());
      const [byStatus, byMonth, lastFive] = await Promise.all([
        db
          .select({ status: registrationDailyCounts.status, count: summedCount })
          .from(registrationDailyCounts)
          .groupBy(registrationDailyCounts.status)
          .having(sql`sum(${registrationDailyCounts.count}) > 0`)
          .orderBy(asc(registrationDailyCounts.status)),
        db
          .select({
            month: sql<number>`extract(month from ${registrationDailyCounts.day})::int`,
            count: summedCount,
          })
          .from(registrationDailyCounts)
          .where(summaryDays({ from: `${year}-01-01`, to: `${year}-12-31` }))
          .groupBy(sql`1`),
        db
          .select({
            id: registrations.id,
            status: registrations.status,
            submittedAt: registrations.submittedAt,
            createdAt: registrations.createdAt,
            fullName: profiles.fullName,
            contactNumber: profiles.contactNumber,
          })
          .from(registrations)
          .innerJoin(profiles, eq(profiles.id, registrations.profileId))
          .orderBy(desc(activityTime), desc(registrations.id))
          .limit(5),
      ]);
      const perMonth = new Map(byMonth.map((row) => [Number(row.month), Number(row.count)]));
      return {
        // Every applicant is one profile with exactly one registration (saveProfile writes both
        // in one transaction), so counting registrations counts applicants.
        total_applicants: byStatus.reduce((sum, row) => sum + Number(row.count), 0),
        donut_chart: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.count)])),
        bar_chart: Array.from({ length: 12 }, (_, index) => ({
          month: index + 1,
          count: perMonth.get(index + 1) ?? 0,
        })),
        last_five_registrations: lastFive.map((row) => ({
          id: row.id,
          status: row.status,
          submitted_at: submittedAt(row).toISOString(),
          profile: { full_name: row.fullName, contact_number: row.contactNumber },
        })),
      };
    },

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

    async *exportBatches(filters, batchSize) {
      const where = filterConditions(filters);
      // Keyset pagination on the (created_at, id) index: every batch costs the same, however
      // deep. The cursor keeps created_at as text so microseconds survive the round trip.
      // Each batch is a short index walk that PostgreSQL would still hand to parallel workers,
      // whose start-up costs more than the walk (16 ms with two workers, 5 ms without, for 2,000
      // rows at a million) and takes the cores the export's own process needs.
      const batchAfter = (cursor?: { createdAt: string; id: number }) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
          // Only the sheet's columns: a million rows of unused ones cost time and memory.
          return tx
            .select({
              applicationId: registrations.id,
              fullName: profiles.fullName,
              contactNumber: profiles.contactNumber,
              alternativeContactNumber: profiles.alternativeContactNumber,
              loanType: profiles.loanType,
              loanAmount: profiles.loanAmount,
              aadhaarEncrypted: profiles.aadhaarEncrypted,
              panNumber: profiles.panNumber,
              bankName: profiles.bankName,
              accountEncrypted: profiles.accountEncrypted,
              ifscCode: profiles.ifscCode,
              fullAddress: profiles.fullAddress,
              city: profiles.city,
              pinCode: profiles.pinCode,
              state: profiles.state,
              status: registrations.status,
              delivered: registrations.delivered,
              submittedAt: registrations.submittedAt,
              createdAt: registrations.createdAt,
              cursorAt: sql<string>`${registrations.createdAt}::text`,
            })
            .from(registrations)
            .innerJoin(profiles, eq(profiles.id, registrations.profileId))
            .where(
              and(
                where,
                cursor
                  ? sql`(${registrations.createdAt}, ${registrations.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
                  : undefined,
              ),
            )
            .orderBy(desc(registrations.createdAt), desc(registrations.id))
            .limit(batchSize);
        });

      let next: ReturnType<typeof batchAfter> | undefined = batchAfter();
      try {
        while (next) {
          const rows: Awaited<ReturnType<typeof batchAfter>> = await next;
          const last = rows.at(-1);
          // Ask for the following batch now: the database reads it while this one is written.
          next =
            last && rows.length === batchSize
              ? batchAfter({ createdAt: last.cursorAt, id: last.applicationId })
              : undefined;
          // Handled when awaited; this keeps a failure of a batch nobody waits for any more (the
          // download was closed) from counting as an unhandled rejection.
          next?.catch(() => undefined);
          if (rows.length === 0) return;
          yield rows.map((row) => ({
            applicationId: row.applicationId,
            fullName: row.fullName,
            contactNumber: row.contactNumber,
            alternativeContactNumber: row.alternativeContactNumber ?? '',
            loanType: row.loanType,
            loanAmount: row.loanAmount,
            aadhaarNumber: cipher.decrypt(row.aadhaarEncrypted),
            panNumber: row.panNumber,
            bankName: row.bankName,
            accountNumber: cipher.decrypt(row.accountEncrypted),
            ifscCode: row.ifscCode,
            fullAddress: row.fullAddress,
            city: row.city,
            pinCode: row.pinCode,
            state: row.state,
            status: row.status,
            delivered: row.delivered,
            submittedAt: submittedAt(row),
          }));
        }
      } finally {
        await next?.catch(() => undefined);
      }
    },
  };
}
