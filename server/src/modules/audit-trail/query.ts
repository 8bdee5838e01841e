import { isApplicantAction } from '@loan-portal/api-client';
import { and, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Database, type PreparedStatement, prepareStatement, rowsOf } from '../../db/client';
import { users } from '../accounts/tables';
import { auditLog } from '../audit/tables';
import { type DateRange, dayRangeBounds, startOfKolkataDay } from '../registration/dates';
import { auditDailyCounts, auditDayTotals } from './tables';

export interface AuditFilters {
  range: DateRange;
  action?: string;
  /** A staff username, exactly; nobody matches a name that does not exist. */
  actor?: string;
  /** A registration id. */
  applicantId?: number;
}

export interface AuditRow {
  id: number;
  createdAt: Date;
  action: string;
  actorUserId: number | null;
  actorUsername: string | null;
  subject: string | null;
  details: Record<string, unknown> | null;
  ip: string;
}

const DAY_MS = 86_400_000;

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  action: auditLog.action,
  actorUserId: auditLog.actorUserId,
  actorUsername: users.username,
  subject: auditLog.subject,
  details: auditLog.details,
  ip: auditLog.ip,
};

/**
 * A statement's conditions with `sql.placeholder`s, the values to fill them, and the shape's key:
 * the same key is the same SQL text, so each shape is rendered and prepared once
 * (`createAuditQuery`), and a request only sends its values (bench/README.md F24).
 */
interface Bound {
  conditions: SQL[];
  values: Record<string, unknown>;
  /** Short (a prepared statement's name is at most 63 bytes): one letter per condition. */
  key: string;
}

function binder() {
  const values: Record<string, unknown> = {};
  const bind = (name: string, value: unknown) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  return { values, bind };
}

/** The applicant filter: the registration id as subject, on actions about an applicant only. */
function applicantCondition(bind: (name: string, value: unknown) => unknown, id: number): SQL {
  const prefixes = ['registration.', 'applicant.', 'application.', 'payment_flag.'];
  return sql`(${auditLog.subject} = ${bind('subject', String(id))} and (${sql.join(
    prefixes.map(
      (prefix, index) => sql`${auditLog.action} like ${bind(`prefix${index}`, `${prefix}%`)}`,
    ),
    sql` or `,
  )}))`;
}

/** The actor's user id, looked up in the statement that uses it (null when nobody has the name). */
function actorIdSql(actor: unknown): SQL {
  return sql`(select ${users.id} from ${users} where ${users.username} = ${actor})`;
}

/**
 * The filter column a page is read by, when there is one: the action, else the actor (when its id
 * is known). See `newestFirst`.
 */
function leadOf(
  filters: AuditFilters,
  actorId?: number,
): { column: SQLWrapper; value: string | number; key: string } | undefined {
  if (filters.action) return { column: auditLog.action, value: filters.action, key: 'A' };
  if (actorId !== undefined) return { column: auditLog.actorUserId, value: actorId, key: 'U' };
  return undefined;
}

/**
 * The log's conditions. `actorId` is the actor filter's user id when the caller already knows it;
 * otherwise the statement looks the username up itself. With `byLead`, the lead filter and the
 * time range are one row range, `(lead, created_at)` from `(value, start)` up to `(value, end)`:
 * the same rows as `lead = value` and the range, but not an equality the planner can fold away,
 * so it reads the (lead, created_at, id) index in `newestFirst`'s order (see there).
 * Times go as text (`::timestamptz`): a Date in raw SQL meets the driver's string-only timestamp
 * serializer.
 */
function logConditions(
  filters: AuditFilters,
  end?: Date,
  actorId?: number,
  { byLead = false } = {},
): Bound {
  const { start, end: rangeEnd } = dayRangeBounds(filters.range);
  const upper = end && rangeEnd ? (end < rangeEnd ? end : rangeEnd) : (end ?? rangeEnd);
  const lead = byLead ? leadOf(filters, actorId) : undefined;
  const { values, bind } = binder();
  const conditions: SQL[] = [];
  let key = '';
  if (lead) {
    key += lead.key;
    const from = sql`${bind('from', start?.toISOString() ?? '-infinity')}::timestamptz`;
    const to = sql`${bind('to', upper?.toISOString() ?? 'infinity')}::timestamptz`;
    const value = bind('lead', lead.value);
    conditions.push(sql`(${lead.column}, ${auditLog.createdAt}) >= (${value}, ${from})`);
    conditions.push(sql`(${lead.column}, ${auditLog.createdAt}) < (${value}, ${to})`);
  }
  if (filters.action && lead?.column !== auditLog.action) {
    key += 'a';
    conditions.push(sql`${auditLog.action} = ${bind('action', filters.action)}`);
  }
  if (actorId !== undefined) {
    if (lead?.column !== auditLog.actorUserId) {
      key += 'u';
      conditions.push(sql`${auditLog.actorUserId} = ${bind('actorId', actorId)}`);
    }
  } else if (filters.actor !== undefined) {
    key += 'n';
    conditions.push(sql`${auditLog.actorUserId} = ${actorIdSql(bind('actor', filters.actor))}`);
  }
  if (filters.applicantId !== undefined) {
    key += 'p';
    conditions.push(applicantCondition(bind, filters.applicantId));
  }
  if (!lead) {
    if (start) {
      key += 's';
      conditions.push(
        sql`${auditLog.createdAt} >= ${bind('start', start.toISOString())}::timestamptz`,
      );
    }
    if (upper) {
      key += 'e';
      conditions.push(
        sql`${auditLog.createdAt} < ${bind('upper', upper.toISOString())}::timestamptz`,
      );
    }
  }
  return { conditions, values, key };
}

/**
 * Entries per day the filter selects, as a subquery (day, count): audit_day_totals' stripes summed
 * per day without an action or actor filter, else the (day, action, actor) summary summed per day
 * on its (action, actor_key, day) or (actor_key, day) index.
 */
function perDay(filters: AuditFilters, bind: (name: string, value: unknown) => unknown): SQL {
  const days = (day: SQLWrapper): SQL[] => [
    ...(filters.range.from ? [sql`${day} >= ${bind('fromDay', filters.range.from)}`] : []),
    ...(filters.range.to ? [sql`${day} <= ${bind('toDay', filters.range.to)}`] : []),
  ];
  if (!filters.action && filters.actor === undefined) {
    const where = and(...days(auditDayTotals.day));
    return sql`select ${auditDayTotals.day} as day, sum(${auditDayTotals.count}) as count
      from ${auditDayTotals} ${where ? sql`where ${where}` : sql``} group by ${auditDayTotals.day}`;
  }
  const conditions = days(auditDailyCounts.day);
  if (filters.action) {
    conditions.push(sql`${auditDailyCounts.action} = ${bind('action', filters.action)}`);
  }
  if (filters.actor !== undefined) {
    conditions.push(
      sql`${auditDailyCounts.actorKey} = ${actorIdSql(bind('actor', filters.actor))}`,
    );
  }
  return sql`select ${auditDailyCounts.day} as day, sum(${auditDailyCounts.count}) as count
    from ${auditDailyCounts} where ${and(...conditions)} group by ${auditDailyCounts.day}`;
}

/** Which of perDay's conditions a filter has: its statement's key. */
function perDayKey(filters: AuditFilters): string {
  return (
    (filters.action ? 'a' : '') +
    (filters.actor !== undefined ? 'n' : '') +
    (filters.range.from ? 'f' : '') +
    (filters.range.to ? 't' : '')
  );
}

interface PageStart {
  total: number;
  /** The Kolkata day the page's first entry is in; null past the end. */
  day: string | null;
  /** Entries the filter selects after that day (newer): the page starts `offset - before` into it. */
  before: number;
  /** The actor filter's user id; null when the name is nobody's. */
  actorId: number | null;
}

function nextDay(isoDay: string): Date {
  return new Date(startOfKolkataDay(isoDay).getTime() + DAY_MS);
}

/**
 * Newest first. With an action (or else a known actor) filter, that column leads the order and
 * the conditions (logConditions' `byLead`): the planner then reads the (action | actor,
 * created_at, id) index backwards. With `action = X` it walked every recent entry on
 * (created_at, id) and filtered instead, expecting the action spread evenly over time: 67,303 rows
 * read for a page of 25 (25.6 ms of SQL, p95 153 ms) after a burst of 50,000 staff moves in a day.
 */
function newestFirst(filters: AuditFilters, actorId?: number): SQL[] {
  const lead = leadOf(filters, actorId);
  return [...(lead ? [sql`${lead.column} desc`] : []), ...byTime()];
}

const byTime = (): SQL[] => [desc(auditLog.createdAt), desc(auditLog.id)];

/**
 * `searchDb` (DatabaseHandle.searchDb) plans each call of a page's statements for its values, as
 * the staff list's searches are (a day range, a deep page); `db` when absent.
 */
export function createAuditQuery(db: Database, searchDb: Database = db) {
  /** A page's rows of one shape (its conditions' key and the order their lead gives). */
  function rowsStatement(name: string, bound: Bound, order: SQL[]) {
    return searchDb
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(and(...bound.conditions))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  }
  const pageRows = new Map<string, ReturnType<typeof rowsStatement>>();
  function readRows(name: string, bound: Bound, order: SQL[], limit: number, offset: number) {
    let statement = pageRows.get(name);
    if (!statement) {
      statement = rowsStatement(name, bound, order);
      pageRows.set(name, statement);
    }
    return statement.execute({ ...bound.values, limit, offset }) as Promise<AuditRow[]>;
  }

  const applicantCount = new Map<string, PreparedStatement>();
  const pageStarts = new Map<string, PreparedStatement>();

  /**
   * The total and the day a page starts in, in one statement: the per-day counts, newest day
   * first, with a running sum; only one row comes back, not a row per day.
   */
  async function pageStart(filters: AuditFilters, offset: number): Promise<PageStart> {
    const { values, bind } = binder();
    const actor =
      filters.actor === undefined ? sql`null` : actorIdSql(bind('actor', filters.actor));
    const days = perDay(filters, bind);
    bind('offset', offset);
    const name = `audit_page_start_${perDayKey(filters)}`;
    let statement = pageStarts.get(name);
    if (!statement) {
      statement = prepareStatement(
        searchDb,
        name,
        sql`
        with days as (${days}),
        walk as (select day, count, sum(count) over (order by day desc) - count as before from days)
        select (select coalesce(sum(count), 0) from days)::float8 as total,
               s.day::text as day, s.before::float8 as before, ${actor}::int as actor_id
        from (select 1) as one
        left join (
          select day, before from walk where before + count > ${sql.placeholder('offset')}
          order by day desc limit 1
        ) as s on true`,
      );
      pageStarts.set(name, statement);
    }
    const [row] = rowsOf<{
      total: number | string;
      day: string | null;
      before: number | string | null;
      actor_id: number | null;
    }>(await statement.execute(values));
    return {
      total: Number(row?.total ?? 0),
      day: row?.day ?? null,
      before: Number(row?.before ?? 0),
      actorId: row?.actor_id ?? null,
    };
  }

  /** One page, newest first, and the total the filter selects. */
  async function page(
    filters: AuditFilters,
    pageNumber: number,
    pageSize: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const offset = (pageNumber - 1) * pageSize;
    if (filters.applicantId !== undefined) {
      // One applicant's entries are few: counted and paged on the subject index directly.
      const bound = logConditions(filters);
      const name = `audit_count_${bound.key}`;
      let count = applicantCount.get(name);
      if (!count) {
        count = prepareStatement(
          searchDb,
          name,
          sql`select count(*)::int as total from ${auditLog} where ${and(...bound.conditions)}`,
        );
        applicantCount.set(name, count);
      }
      const [counted] = rowsOf<{ total: number }>(await count.execute(bound.values));
      const total = Number(counted?.total ?? 0);
      if (offset >= total) return { rows: [], total };
      // One applicant's entries are read on the subject index: by time alone.
      const found = await readRows(`audit_rows_${bound.key}`, bound, byTime(), pageSize, offset);
      return { rows: found, total };
    }
    const start = await pageStart(filters, offset);
    if (start.day === null) return { rows: [], total: start.total };
    // Entries newer than the start day are exactly `before`; the page starts `offset - before`
    // entries into that day, read backwards from its end on the (filter, created_at, id) index.
    const actorId = filters.actor === undefined ? undefined : (start.actorId ?? -1);
    const bound = logConditions(filters, nextDay(start.day), actorId, { byLead: true });
    const found = await readRows(
      `audit_rows_${bound.key}`,
      bound,
      newestFirst(filters, actorId),
      pageSize,
      offset - start.before,
    );
    return { rows: found, total: start.total };
  }

  const batchesByName = new Map<
    string,
    { execute(values: Record<string, unknown>): Promise<unknown> }
  >();

  /**
   * Every entry the filter selects, newest first, in keyset batches on (created_at, id), so a
   * long export never re-reads what it has passed.
   */
  async function* batches(filters: AuditFilters, batchSize: number): AsyncGenerator<AuditRow[]> {
    // The cursor keeps created_at as PostgreSQL's text: a JS Date would drop its microseconds.
    let after: { at: string; id: number } | undefined;
    const actorId = filters.actor === undefined ? undefined : await actorIdOf(filters.actor);
    if (actorId === -1) return;
    const bound = logConditions(filters, undefined, actorId, { byLead: true });
    for (;;) {
      const name = `audit_batch_${bound.key}${after ? '_c' : ''}`;
      let statement = batchesByName.get(name);
      if (!statement) {
        const conditions = [...bound.conditions];
        if (after) {
          conditions.push(
            sql`(${auditLog.createdAt}, ${auditLog.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')})`,
          );
        }
        statement = searchDb
          .select({ ...columns, cursorAt: sql<string>`${auditLog.createdAt}::text` })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorUserId))
          .where(and(...conditions))
          .orderBy(...newestFirst(filters, actorId))
          .limit(sql.placeholder('limit'))
          .prepare(name);
        batchesByName.set(name, statement);
      }
      const batch = (await statement.execute({
        ...bound.values,
        afterAt: after?.at,
        afterId: after?.id,
        limit: batchSize,
      })) as (AuditRow & { cursorAt: string })[];
      if (batch.length === 0) return;
      yield batch;
      if (batch.length < batchSize) return;
      const last = batch[batch.length - 1]!;
      after = { at: last.cursorAt, id: last.id };
    }
  }

  // Looked up on every filtered request: prepared once, equality on a unique key or an index.
  const actorById = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, sql.placeholder('username')))
    .prepare('audit_actor_id');
  const recordedAction = db
    .select({ action: auditDailyCounts.action })
    .from(auditDailyCounts)
    .where(eq(auditDailyCounts.action, sql.placeholder('action')))
    .limit(1)
    .prepare('audit_action_recorded');

  /** The id of a user by exact username, or -1 (no such actor: the filter matches nothing). */
  async function actorIdOf(username: string): Promise<number> {
    const [row] = await actorById.execute({ username });
    return row?.id ?? -1;
  }

  /** True when some entry was ever recorded with this action. */
  async function actionRecorded(action: string): Promise<boolean> {
    const [row] = await recordedAction.execute({ action });
    return Boolean(row);
  }

  return { page, batches, actorIdOf, actionRecorded };
}

export function applicantIdOf(row: Pick<AuditRow, 'action' | 'subject'>): number | null {
  if (!row.subject || !isApplicantAction(row.action) || !/^\d{1,10}$/.test(row.subject)) {
    return null;
  }
  return Number(row.subject);
}
