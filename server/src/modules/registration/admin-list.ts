import type { ApplicantProfile, Paginated } from '@loan-portal/api-client';
import { and, desc, eq, gte, inArray, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Database, type PreparedStatement, prepareStatement, rowsOf } from '../../db/client';
import { maskedAadhaar, maskedAccount } from '../identity-masking';
import { dayRangeBounds } from './dates';
import type { ListFilters, ListQuery } from './service';
import {
  digitRunCounts,
  nameWordCounts,
  nameWords,
  profiles,
  registrationDailyCounts,
  registrationDigitGrams,
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

/** The values a search is matched with: LIKE patterns and the term, or their placeholders. */
interface SearchTerms {
  lower: string | Placeholder;
  upper: string | Placeholder;
  exact: string | Placeholder;
}

function searchTerms(search: string): SearchTerms {
  return {
    lower: containsPattern(search.toLowerCase()),
    upper: containsPattern(search.toUpperCase()),
    exact: search,
  };
}

/** Four digits are also the end of an Aadhaar or account number, the part staff see. */
const isLastFour = (search: string) => /^\d{4}$/.test(search);

/**
 * What a search matches on the profile besides the name: the two numbers and pan_number (stored
 * upper-case), each through a trigram index of the custom migration, and four digits as the end
 * of an Aadhaar or account number.
 */
function numberConditions(
  table: typeof profiles | typeof registrationNumbers,
  terms: SearchTerms,
  lastFour: boolean,
): SQL[] {
  return [
    sql`${table.contactNumber} like ${terms.lower}`,
    sql`${table.alternativeContactNumber} like ${terms.lower}`,
    sql`${table.panNumber} like ${terms.upper}`,
    ...(lastFour
      ? [sql`${table.aadhaarLast4} = ${terms.exact}`, sql`${table.accountLast4} = ${terms.exact}`]
      : []),
  ];
}

/** The filters shared by the list and the export; each one is served by an index. */
export function filterConditions(filters: ListFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = registrationConditions(filters);
  if (filters.search) {
    const terms = searchTerms(filters.search);
    // lower(full_name) has a trigram index of the custom migration too.
    conditions.push(
      or(
        sql`lower(${profiles.fullName}) like ${terms.lower}`,
        ...numberConditions(profiles, terms, isLastFour(filters.search)),
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
 * index range and the total an index-only count, no profile visited (one word without a date
 * range: the sum of its `name_word_counts`). The numbers (few matches)
 * come from `registration_numbers` through its trigram indexes, with their time and status; a
 * term of exactly four digits from `registration_digit_grams` as a name from its words.
 *
 * The statement of a word search depends only on which parts it has, its shape: it is rendered
 * once per shape, with placeholders, and each search sends its values. Rendering it with its
 * values on every request was 85 µs of a request's CPU (bench/README.md F15).
 */
interface WordShape {
  /** How many dictionary words contain the term. */
  words: 'none' | 'one' | 'many';
  start: boolean;
  end: boolean;
  statuses: boolean;
  lastFour: boolean;
}

const shapeKey = (shape: WordShape) =>
  `${shape.words}-${+shape.start}${+shape.end}${+shape.statuses}${+shape.lastFour}`;

const p = sql.placeholder;

/**
 * One page of a word search, newest first, and its exact total, |named ∪ numbered|, in one
 * statement: the number matches are found once (their profiles' heap visits are most of the
 * cost of a broad one, such as four digits), and the named total, an index-only count, is
 * read only when the page is full.
 */
function wordSearchStatement(shape: WordShape): SQL {
  const w = registrationNameWords;
  const n = registrationNumbers;
  const g = registrationDigitGrams;
  // One word keeps `=`: its index range is read newest first and stops at the page.
  const wordMatches =
    shape.words === 'one' ? sql`${w.word} = ${p('word')}` : sql`${w.word} = any(${p('words')})`;
  const named = and(
    wordMatches,
    shape.start ? sql`${w.createdAt} >= ${p('start')}` : undefined,
    shape.end ? sql`${w.createdAt} < ${p('end')}` : undefined,
    shape.statuses ? sql`${w.status} = any(${p('statuses')})` : undefined,
  );
  // One bitmap scan of registration_numbers: its rows carry the registration's time and status,
  // so no registration is probed for them (migration 0023).
  const numbered = and(
    shape.start ? sql`${n.createdAt} >= ${p('start')}` : undefined,
    shape.end ? sql`${n.createdAt} < ${p('end')}` : undefined,
    shape.statuses ? sql`${n.status} = any(${p('statuses')})` : undefined,
    or(
      ...numberConditions(
        n,
        { lower: p('lower'), upper: p('upper'), exact: p('term') },
        shape.lastFour,
      ),
    ),
  );
  // Several words may be one registration's: distinct before the limit, and in the count.
  const namedTop = sql`(select ${shape.words === 'many' ? sql`distinct` : sql``} ${w.registrationId} as id, ${w.createdAt} as created_at from ${w} where ${named} order by ${w.createdAt} desc, ${w.registrationId} desc limit ${p('top')})`;
  // One word without a date range: the sum of its counts (migration 0027), a row or a few a
  // status, instead of an index-only count of every registration holding it. Several words count
  // their distinct registrations (a name may hold two of them); a date range, its range.
  const c = nameWordCounts;
  const namedCount =
    shape.words === 'one' && !shape.start && !shape.end
      ? sql`(select coalesce(sum(${c.count}), 0) from ${c} where ${and(
          sql`${c.word} = ${p('word')}`,
          shape.statuses ? sql`${c.status} = any(${p('statuses')})` : undefined,
        )})`
      : shape.words === 'one'
        ? sql`(select count(*) from ${w} where ${named})`
        : sql`(select count(distinct ${w.registrationId}) from ${w} where ${named})`;
  const alsoNamed = sql`exists (select 1 from ${w} where ${w.registrationId} = numbered.id and ${wordMatches})`;
  const hits =
    shape.words === 'none'
      ? sql`select id, created_at from numbered`
      : sql`${namedTop} union (select id, created_at from numbered)`;
  // Four digits with a status filter and no date range: the sum of the run's counts by status
  // (migration 0029), at most 33 rows a status, instead of the status of every match (1,641 for
  // "8034"). With a date range the matches in it are few (57 for the portal's 30 days). Not with
  // name words: a name matching the term too needs every match, for the count of those not named
  // (no name holds a digit, so namedWords finds none for four digits).
  const d = digitRunCounts;
  const countedRuns =
    shape.lastFour && shape.statuses && !shape.start && !shape.end && shape.words === 'none';
  const counted = countedRuns
    ? sql`counted as (
      select coalesce(sum(${d.count}), 0)::bigint as n from ${d}
      where ${d.digits} = ${p('term')}::smallint and ${d.status} = any(${p('statuses')})
    ),`
    : sql``;
  // The counts are exact: the page's walk stops at the last match there is (none for a status no
  // match has, instead of a probe of all 1,641).
  const pageLimit = countedRuns
    ? sql`least(${p('limit')}, greatest((select n from counted) - ${p('offset')}::bigint, 0))`
    : p('limit');
  const total = countedRuns
    ? sql`(select n from counted)`
    : shape.words === 'none'
      ? sql`(select count(*) from numbered)`
      : sql`${namedCount} + (select count(*) from numbered where not ${alsoNamed})`;
  // Four digits: every match is a run of registration_digit_grams (migration 0025), so the page is
  // the top of its index range (newest first, stopping at the page) and the total an index-only
  // count or the sum above; not materialized, each reads the index on its own. A status filter
  // reads the status of the matches from registration_numbers, one probe each, until the page is
  // full (16 for "8034" + paid). Any other term: the bitmap scan above, found once (materialized)
  // and read by both.
  const numberedSource = shape.lastFour
    ? sql`numbered as not materialized (
      select ${g.registrationId} as id, ${g.createdAt} as created_at
      from ${g} where ${and(
        sql`${g.digits} = ${p('term')}::smallint`,
        shape.start ? sql`${g.createdAt} >= ${p('start')}` : undefined,
        shape.end ? sql`${g.createdAt} < ${p('end')}` : undefined,
        shape.statuses
          ? sql`exists (select 1 from ${n} where ${n.registrationId} = ${g.registrationId} and ${n.status} = any(${p('statuses')}))`
          : undefined,
      )}
    )`
    : sql`numbered as materialized (
      select ${n.registrationId} as id, ${n.createdAt} as created_at
      from ${n} where ${numbered}
    )`;
  return sql`
    with ${counted} ${numberedSource},
    page as (
      select hits.id, hits.created_at from (${hits}) as hits
      order by hits.created_at desc, hits.id desc limit ${pageLimit} offset ${p('offset')}
    )
    select
      array(select id from page order by created_at desc, id desc) as ids,
      case
        -- A page that is not full is the last one: it tells the total without counting.
        -- bigint: a page far past the end (page 999999999 of 100) is an offset past 2^31.
        when (select count(*) from page) < ${p('limit')} and ((select count(*) from page) > 0 or ${p('offset')}::bigint = 0)
          then ${p('offset')}::bigint + (select count(*) from page)
        else ${total}
      end::int as total`;
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

/**
 * The back office's applicants list: a page of rows, with identity numbers masked. Its searches
 * go through `searchDb` (DatabaseHandle.searchDb: every statement prepared, each planned for its
 * values). A word search's page is read by its ids through `db`, where PostgreSQL keeps one
 * generic plan; the list without a search reads its page and total on `searchDb`, each statement
 * rendered once per shape of its filters (unsearchedStatements).
 */
export function createAdminList(db: Database, searchDb: Database = db) {
  // Rendered once: a search sends only its values (WordShape).
  const dictionary = searchDb
    .select({ word: nameWords.word })
    .from(nameWords)
    .where(sql`${nameWords.word} like ${p('pattern')}`)
    .limit(MAX_NAME_WORDS + 1)
    .prepare('admin_list_dictionary');
  // Ten ids of the primary key have one plan whatever they are: on the search pool it was planned
  // again for each page (bind 0.21-0.61 ms in PostgreSQL's log; bench/README.md F21).
  const pageRows = db
    .select(pageColumns)
    .from(registrations)
    .innerJoin(profiles, eq(profiles.id, registrations.profileId))
    .where(sql`${registrations.id} = any(${p('ids')})`)
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .prepare('admin_list_rows');
  const wordSearches = new Map<string, PreparedStatement>();
  const unsearched = new Map<string, ReturnType<typeof unsearchedStatements>>();

  /**
   * The list without a search, for one shape of its filters (which of the two dates and the
   * statuses it has): rendered once, with placeholders, and planned for each request's values on
   * `searchDb` (a deep page or a day range needs its own plan). Rendered per request it cost
   * 150-200 µs of a request's CPU (bench/README.md F22).
   */
  function unsearchedStatements(
    shape: { start: boolean; end: boolean; statuses: boolean },
    key: string,
  ) {
    const where = and(
      shape.start ? sql`${registrations.createdAt} >= ${p('start')}` : undefined,
      shape.end ? sql`${registrations.createdAt} < ${p('end')}` : undefined,
      shape.statuses ? sql`${registrations.status} = any(${p('statuses')})` : undefined,
    );
    const page = deferredPage(where, false, p('limit'), p('offset')).prepare(
      `admin_list_page_${key}`,
    );
    // Exact from the daily summary: from_date/to_date select whole Kolkata days of created_at,
    // which is what a summary row is.
    const d = registrationDailyCounts;
    const total = searchDb
      .select({ count: summedCount })
      .from(d)
      .where(
        and(
          shape.start ? sql`${d.day} >= ${p('from')}` : undefined,
          shape.end ? sql`${d.day} <= ${p('to')}` : undefined,
          shape.statuses ? sql`${d.status} = any(${p('statuses')})` : undefined,
        ),
      )
      .prepare(`admin_list_total_${key}`);
    return { page, total };
  }

  /** A page of the list without a search, and its exact total from the daily summary. */
  async function unsearchedPage(query: ListQuery, offset: number) {
    const bounds = dayRangeBounds(query.range);
    const shape = {
      start: bounds.start !== undefined,
      end: bounds.end !== undefined,
      statuses: query.statuses !== undefined,
    };
    const key = `${Number(shape.start)}${Number(shape.end)}${Number(shape.statuses)}`;
    let statements = unsearched.get(key);
    if (!statements) {
      statements = unsearchedStatements(shape, key);
      unsearched.set(key, statements);
    }
    const rows = await statements.page.execute({
      start: bounds.start?.toISOString(),
      end: bounds.end?.toISOString(),
      statuses: query.statuses,
      limit: query.pageSize,
      offset,
    });
    // A page that is not full is the last one: it tells the total without counting.
    if (rows.length < query.pageSize && (rows.length > 0 || offset === 0)) {
      return { rows, total: offset + rows.length };
    }
    const [total] = await statements.total.execute({
      from: query.range.from,
      to: query.range.to,
      statuses: query.statuses,
    });
    return { rows, total: Number(total?.count ?? 0) };
  }

  /**
   * The dictionary words a term is part of, or undefined when the term has a space, is shorter
   * than a trigram or matches more than MAX_NAME_WORDS words: then the name is matched with LIKE
   * (filterConditions).
   */
  async function namedWords(search: string | undefined): Promise<string[] | undefined> {
    // The word search finds the number matches first, through the trigram indexes; a term of one
    // or two characters has no trigram, so that meant every profile holding it: "9" gathered
    // 890,895 of 1,000,000 profiles, 1.4-2.2 s of SQL with the portal's 30 days (2.8 s without).
    // LIKE from the date index serves such a term: the page stops at its tenth match (0.14 ms)
    // and the 30-day total joins the range's 41,003 rows alone (0.49-0.53 s).
    if (!search || search.includes(' ') || search.length < MIN_TRIGRAM_TERM) return undefined;
    // A name holds letters and spaces only (the form's rule; an erased one is 'Erased'): a term
    // with a digit or a sign is no part of a name word, and the dictionary is not asked (one
    // round trip fewer for a number search).
    if (!/^[a-z]+$/i.test(search)) return [];
    const rows = await dictionary.execute({ pattern: containsPattern(search.toLowerCase()) });
    if (rows.length > MAX_NAME_WORDS) return undefined;
    return rows.map((row) => row.word);
  }

  /** The ids of one page of a word search, newest first, and the search's exact total. */
  async function wordSearchPage(
    filters: ListFilters & { search: string },
    words: string[],
    offset: number,
    limit: number,
  ): Promise<{ ids: number[]; total: number }> {
    const bounds = dayRangeBounds(filters.range);
    const shape: WordShape = {
      words: words.length === 0 ? 'none' : words.length === 1 ? 'one' : 'many',
      start: bounds.start !== undefined,
      end: bounds.end !== undefined,
      statuses: filters.statuses !== undefined,
      lastFour: isLastFour(filters.search),
    };
    const key = shapeKey(shape);
    let statement = wordSearches.get(key);
    if (!statement) {
      statement = prepareStatement(searchDb, `admin_list_words_${key}`, wordSearchStatement(shape));
      wordSearches.set(key, statement);
    }
    const terms = searchTerms(filters.search);
    const [row] = rowsOf<{ ids: number[]; total: number }>(
      await statement.execute({
        word: words[0],
        words,
        start: bounds.start?.toISOString(),
        end: bounds.end?.toISOString(),
        statuses: filters.statuses,
        lower: terms.lower,
        upper: terms.upper,
        term: terms.exact,
        top: offset + limit,
        limit,
        offset,
      }),
    );
    return { ids: (row?.ids ?? []).map(Number), total: Number(row?.total ?? 0) };
  }

  /** How many rows a search by LIKE matches (selectFiltered). */
  async function countListed(filters: ListFilters): Promise<number> {
    // A search is a substring match on the profile; only an exact count over the matches will do.
    // Its cost is the trigram bitmap's heap visits, one per matching profile.
    const [total] = await searchDb
      .select({ count: sql<number>`count(*)::int` })
      .from(registrations)
      .innerJoin(profiles, eq(profiles.id, registrations.profileId))
      .where(filterConditions(filters));
    return Number(total?.count ?? 0);
  }

  async function listProfiles(query: ListQuery): Promise<Paginated<ApplicantProfile>> {
    const offset = (query.page - 1) * query.pageSize;
    const words = await namedWords(query.search);
    let rows: Awaited<ReturnType<typeof pageRows.execute>>;
    let totalItems: number;
    if (words && query.search) {
      const page = await wordSearchPage(
        { ...query, search: query.search },
        words,
        offset,
        query.pageSize,
      );
      rows = page.ids.length > 0 ? await pageRows.execute({ ids: page.ids }) : [];
      totalItems = page.total;
    } else if (!query.search) {
      const page = await unsearchedPage(query, offset);
      rows = page.rows;
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

  /** A search of names by LIKE (a term with a space, or of a letter or two). */
  function selectFiltered(query: ListQuery, offset: number) {
    return deferredPage(filterConditions(query), Boolean(query.search), query.pageSize, offset);
  }

  /**
   * A page of the list by a deferred join: the page's ids come from the (created_at, id) index
   * alone (an index-only scan, so OFFSET skips index entries, not profile rows), and only the rows
   * shown are joined to their registration and profile. A search needs the profile to filter, so
   * it joins inside (`joinProfiles`); the trigram indexes serve it.
   */
  function deferredPage(
    where: SQL | undefined,
    joinProfiles: boolean,
    limit: number | Placeholder,
    offset: number | Placeholder,
  ) {
    const ids = searchDb
      .select({ id: registrations.id, createdAt: registrations.createdAt })
      .from(registrations)
      .$dynamic();
    if (joinProfiles) ids.innerJoin(profiles, eq(profiles.id, registrations.profileId));
    const pageIds = searchDb
      .$with('page_ids')
      .as(
        ids
          .where(where)
          .orderBy(desc(registrations.createdAt), desc(registrations.id))
          .limit(limit)
          .offset(offset),
      );
    return searchDb
      .with(pageIds)
      .select(pageColumns)
      .from(pageIds)
      .innerJoin(registrations, eq(registrations.id, pageIds.id))
      .innerJoin(profiles, eq(profiles.id, registrations.profileId))
      .orderBy(desc(pageIds.createdAt), desc(pageIds.id));
  }

  return { listProfiles };
}
