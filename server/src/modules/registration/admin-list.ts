import type { ApplicantProfile, Paginated } from '@loan-portal/api-client';
import { and, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/client';
import { maskedAadhaar, maskedAccount } from '../identity-masking';
import { type DateRange, dayRangeBounds } from './dates';
import type { ListFilters, ListQuery } from './service';
import {
  nameWords,
  profiles,
  registrationDailyCounts,
  registrationNameWords,
  registrationNumbers,
  registrations,
} from './tables';

/** `%term%` for LIKE with the term's own wildcards taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The date range and statuses on registrations' own columns. */
function registrationConditions(filters: ListFilters): SQL[] {
  const conditions: SQL[] = [];
  const bounds = dayRangeBounds(filters.range);
  if (bounds.start) conditions.push(gte(registrations.createdAt, bounds.start));
  if (bounds.end) conditions.push(lt(registrations.createdAt, bounds.end));
  if (filters.statuses) conditions.push(inArray(registrations.status, filters.statuses));
  return conditions;
}

/**
 * What a search matches on the profile besides the name: the two numbers and pan_number (stored
 * upper-case), each through a trigram index of the custom migration, and four digits as the end
 * of an Aadhaar or account number, the part staff see.
 */
function numberConditions(
  search: string,
  table: typeof profiles | typeof registrationNumbers = profiles,
): SQL[] {
  const lower = containsPattern(search.toLowerCase());
  const upper = containsPattern(search.toUpperCase());
  const lastFour = /^\d{4}$/.test(search)
    ? [sql`${table.aadhaarLast4} = ${search}`, sql`${table.accountLast4} = ${search}`]
    : [];
  return [
    sql`${table.contactNumber} like ${lower}`,
    sql`${table.alternativeContactNumber} like ${lower}`,
    sql`${table.panNumber} like ${upper}`,
    ...lastFour,
  ];
}

/** The filters shared by the list and the export; each one is served by an index. */
export function filterConditions(filters: ListFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = registrationConditions(filters);
  if (filters.search) {
    // lower(full_name) has a trigram index of the custom migration too.
    conditions.push(
      or(
        sql`lower(${profiles.fullName}) like ${containsPattern(filters.search.toLowerCase())}`,
        ...numberConditions(filters.search),
      ),
    );
  }
  return and(...conditions);
}

/**
 * Beyond this many name words matching one term (a term of a letter or two), the name is
 * searched with LIKE instead: the word index would be read once per word.
 */
export const MAX_NAME_WORDS = 64;

/** pg_trgm indexes a LIKE pattern only from its first whole trigram: three characters. */
const MIN_TRIGRAM_TERM = 3;

/**
 * The search of the list as issue 17 measured it at a million applicants. A term without a space
 * matches a name exactly when it matches one of the name's words (a name is its words joined by
 * spaces), so the name part reads `registration_name_words` (word, created_at, registration_id)
 * INCLUDE (status) for the words of `name_words` that contain the term: the page is the top of an
 * index range and the total an index-only count, no profile visited. The numbers (few matches)
 * come from `registration_numbers` through its trigram indexes, with their time and status.
 */
interface WordSearch {
  /** The dictionary words containing the term (possibly none). */
  words: string[];
  /** The word rows of the filters. */
  named: SQL;
  /** Rows of `registration_numbers` of the filters matching the term by a number. */
  numbered: SQL;
}

function wordSearch(filters: ListFilters, words: string[], search: string): WordSearch {
  const bounds = dayRangeBounds(filters.range);
  const w = registrationNameWords;
  const named = and(
    words.length === 1 ? eq(w.word, words[0]!) : inArray(w.word, words),
    bounds.start ? gte(w.createdAt, bounds.start) : undefined,
    bounds.end ? lt(w.createdAt, bounds.end) : undefined,
    filters.statuses ? inArray(w.status, filters.statuses) : undefined,
  )!;
  // One bitmap scan of registration_numbers: its rows carry the registration's time and status,
  // so no registration is probed for them (migration 0023).
  const n = registrationNumbers;
  const numbered = and(
    bounds.start ? gte(n.createdAt, bounds.start) : undefined,
    bounds.end ? lt(n.createdAt, bounds.end) : undefined,
    filters.statuses ? inArray(n.status, filters.statuses) : undefined,
    or(...numberConditions(search, n)),
  )!;
  return { words, named, numbered };
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

/** What a row of the list shows. */
const pageColumns = {
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
};

/** The back office's applicants list: a page of rows, with identity numbers masked. */
export function createAdminList(db: Database) {
  /**
   * The word search of a term, or undefined when the term has a space, is shorter than a trigram
   * or matches more than MAX_NAME_WORDS words: then the name is matched with LIKE
   * (filterConditions).
   */
  async function planWordSearch(filters: ListFilters): Promise<WordSearch | undefined> {
    const search = filters.search;
    // The word search finds the number matches first, through the trigram indexes; a term of one
    // or two characters has no trigram, so that meant every profile holding it: "9" gathered
    // 890,895 of 1,000,000 profiles, 1.4-2.2 s of SQL with the portal's 30 days (2.8 s without).
    // LIKE from the date index serves such a term: the page stops at its tenth match (0.14 ms)
    // and the 30-day total joins the range's 41,003 rows alone (0.49-0.53 s).
    if (!search || search.includes(' ') || search.length < MIN_TRIGRAM_TERM) return undefined;
    // A name holds letters and spaces only (the form's rule; an erased one is 'Erased'): a term
    // with a digit or a sign is no part of a name word, and the dictionary is not asked (one
    // round trip fewer for a number search).
    if (!/^[a-z]+$/i.test(search)) return wordSearch(filters, [], search);
    const rows = await db
      .select({ word: nameWords.word })
      .from(nameWords)
      .where(sql`${nameWords.word} like ${containsPattern(search.toLowerCase())}`)
      .limit(MAX_NAME_WORDS + 1);
    if (rows.length > MAX_NAME_WORDS) return undefined;
    return wordSearch(
      filters,
      rows.map((row) => row.word),
      search,
    );
  }

  /**
   * One page of a word search, newest first, and its exact total, |named ∪ numbered|, in one
   * statement: the number matches are found once (their profiles' heap visits are most of the
   * cost of a broad one, such as four digits), and the named total, an index-only count, is
   * read only when the page is full.
   */
  async function wordSearchPage(
    { words, named, numbered }: WordSearch,
    offset: number,
    limit: number,
  ): Promise<{ ids: number[]; total: number }> {
    const w = registrationNameWords;
    const top = offset + limit;
    // Several words may be one registration's: distinct before the limit, and in the count.
    const namedTop = sql`(select ${words.length > 1 ? sql`distinct` : sql``} ${w.registrationId} as id, ${w.createdAt} as created_at from ${w} where ${named} order by ${w.createdAt} desc, ${w.registrationId} desc limit ${top})`;
    const namedCount =
      words.length === 1
        ? sql`(select count(*) from ${w} where ${named})`
        : sql`(select count(distinct ${w.registrationId}) from ${w} where ${named})`;
    const alsoNamed = sql`exists (select 1 from ${w} where ${w.registrationId} = numbered.id and ${inArray(w.word, words)})`;
    const hits =
      words.length === 0
        ? sql`select id, created_at from numbered`
        : sql`${namedTop} union (select id, created_at from numbered)`;
    const total =
      words.length === 0
        ? sql`(select count(*) from numbered)`
        : sql`${namedCount} + (select count(*) from numbered where not ${alsoNamed})`;
    const [row] = rowsOf<{ ids: number[]; total: number }>(
      await db.execute(sql`
        with numbered as materialized (
          select ${registrationNumbers.registrationId} as id, ${registrationNumbers.createdAt} as created_at
          from ${registrationNumbers} where ${numbered}
        ),
        page as (
          select hits.id, hits.created_at from (${hits}) as hits
          order by hits.created_at desc, hits.id desc limit ${limit} offset ${offset}
        )
        select
          array(select id from page order by created_at desc, id desc) as ids,
          case
            -- A page that is not full is the last one: it tells the total without counting.
            when (select count(*) from page) < ${limit} and ((select count(*) from page) > 0 or ${offset}::int = 0)
              then ${offset}::int + (select count(*) from page)
            else ${total}
          end::int as total`),
    );
    return { ids: (row?.ids ?? []).map(Number), total: Number(row?.total ?? 0) };
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

  /** The rows of a word search's page, by id, newest first. */
  function selectIds(ids: number[]) {
    return db
      .select(pageColumns)
      .from(registrations)
      .innerJoin(profiles, eq(profiles.id, registrations.profileId))
      .where(inArray(registrations.id, ids))
      .orderBy(desc(registrations.createdAt), desc(registrations.id));
  }

  async function listProfiles(query: ListQuery): Promise<Paginated<ApplicantProfile>> {
    const offset = (query.page - 1) * query.pageSize;
    const words = await planWordSearch(query);
    let rows: Awaited<ReturnType<typeof selectIds>>;
    let totalItems: number;
    if (words) {
      const page = await wordSearchPage(words, offset, query.pageSize);
      rows = page.ids.length > 0 ? await selectIds(page.ids) : [];
      totalItems = page.total;
    } else {
      rows = await selectFiltered(query, offset);
      totalItems =
        // A page that is not full is the last one: it tells the total without counting, which
        // spares the count of a narrow search altogether.
        rows.length < query.pageSize && (rows.length > 0 || offset === 0)
          ? offset + rows.length
          : await countListed(query);
    }
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

  /** Without a search, or a search of names by LIKE (a term with a space, or of a letter or two). */
  function selectFiltered(query: ListQuery, offset: number) {
    const where = filterConditions(query);
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
    return db
      .with(pageIds)
      .select(pageColumns)
      .from(pageIds)
      .innerJoin(registrations, eq(registrations.id, pageIds.id))
      .innerJoin(profiles, eq(profiles.id, registrations.profileId))
      .orderBy(desc(pageIds.createdAt), desc(pageIds.id));
  }

  return { listProfiles };
}
