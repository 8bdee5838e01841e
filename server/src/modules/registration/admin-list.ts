import type { ApplicantProfile, Paginated } from '@loan-portal/api-client';
import { and, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maskedAadhaar, maskedAccount } from '../identity-masking';
import { type DateRange, dayRangeBounds } from './dates';
import type { ListFilters, ListQuery } from './service';
import { profiles, registrationDailyCounts, registrations } from './tables';

/** `%term%` for LIKE with the term's own wildcards taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filters shared by the list and the export; each one is served by an index. */
export function filterConditions(filters: ListFilters): SQL | undefined {
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
    // Four digits may also be the end of an Aadhaar or account number, the part staff see.
    const lastFour = /^\d{4}$/.test(filters.search)
      ? [
          sql`${profiles.aadhaarLast4} = ${filters.search}`,
          sql`${profiles.accountLast4} = ${filters.search}`,
        ]
      : [];
    conditions.push(
      or(
        sql`lower(${profiles.fullName}) like ${lower}`,
        sql`${profiles.contactNumber} like ${lower}`,
        sql`${profiles.alternativeContactNumber} like ${lower}`,
        sql`${profiles.panNumber} like ${upper}`,
        ...lastFour,
      ),
    );
  }
  return and(...conditions);
}

/** The day-granular range of the summary: the same Kolkata days the list's filter selects. */
export function summaryDays(range: DateRange, statuses?: string[]): SQL | undefined {
  return and(
    range.from ? gte(registrationDailyCounts.day, range.from) : undefined,
    range.to ? lte(registrationDailyCounts.day, range.to) : undefined,
    statuses ? inArray(registrationDailyCounts.status, statuses) : undefined,
  );
}

export const summedCount = sql<number>`coalesce(sum(${registrationDailyCounts.count}), 0)::int`;

/** The back office's applicants list: a page of rows, with identity numbers masked. */
export function createAdminList(db: Database) {
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

  async function listProfiles(query: ListQuery): Promise<Paginated<ApplicantProfile>> {
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
        aadhaarLast4: profiles.aadhaarLast4,
        bankName: profiles.bankName,
        accountLast4: profiles.accountLast4,
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
        // Masked: the applicant page reveals one, audited, when staff need it.
        aadhaar_number: maskedAadhaar(row.aadhaarLast4),
        bank_name: row.bankName,
        account_number: maskedAccount(row.accountLast4),
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
  }

  return { listProfiles };
}
