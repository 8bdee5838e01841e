import { isApplicantAction } from '@loan-portal/api-client';
import { and, desc, eq, gte, like, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../accounts/tables';
import { auditLog } from '../audit/tables';
import { type DateRange, dayRangeBounds, startOfKolkataDay } from '../registration/dates';
import { auditDailyCounts } from './tables';

export interface AuditFilters {
  range: DateRange;
  action?: string;
  /** A user id; -1 when the named actor does not exist (nothing matches). */
  actorId?: number;
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

/** The applicant filter: the registration id as subject, on actions about an applicant only. */
function applicantCondition(applicantId: number): SQL {
  const prefixes = ['registration.', 'applicant.', 'application.', 'payment_flag.'];
  return and(
    eq(auditLog.subject, String(applicantId)),
    or(...prefixes.map((prefix) => like(auditLog.action, `${prefix}%`))),
  ) as SQL;
}

function logConditions(filters: AuditFilters, end?: Date): SQL[] {
  const { start, end: rangeEnd } = dayRangeBounds(filters.range);
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.actorId !== undefined) conditions.push(eq(auditLog.actorUserId, filters.actorId));
  if (filters.applicantId !== undefined) conditions.push(applicantCondition(filters.applicantId));
  if (start) conditions.push(gte(auditLog.createdAt, start));
  const upper = end && rangeEnd ? (end < rangeEnd ? end : rangeEnd) : (end ?? rangeEnd);
  if (upper) conditions.push(lt(auditLog.createdAt, upper));
  return conditions;
}

function countConditions(filters: AuditFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditDailyCounts.action, filters.action));
  if (filters.actorId !== undefined)
    conditions.push(eq(auditDailyCounts.actorKey, filters.actorId));
  if (filters.range.from) conditions.push(gte(auditDailyCounts.day, filters.range.from));
  if (filters.range.to) conditions.push(sql`${auditDailyCounts.day} <= ${filters.range.to}`);
  return conditions;
}

function nextDay(isoDay: string): Date {
  return new Date(startOfKolkataDay(isoDay).getTime() + DAY_MS);
}

export function createAuditQuery(db: Database) {
  function rows(conditions: SQL[]) {
    return db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(and(...conditions))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  }

  /** One page, newest first, and the total the filter selects. */
  async function page(
    filters: AuditFilters,
    pageNumber: number,
    pageSize: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const offset = (pageNumber - 1) * pageSize;
    if (filters.applicantId !== undefined || filters.actorId === -1) {
      if (filters.actorId === -1) return { rows: [], total: 0 };
      // One applicant's entries are few: counted and paged on the subject index directly.
      const conditions = logConditions(filters);
      const [counted] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(...conditions));
      const found = await rows(conditions).limit(pageSize).offset(offset);
      return { rows: found as AuditRow[], total: counted?.total ?? 0 };
    }
    // Per-day totals, newest day first: the total, and the day this page starts in.
    const days = await db
      .select({ day: auditDailyCounts.day, count: sum(auditDailyCounts.count).mapWith(Number) })
      .from(auditDailyCounts)
      .where(and(...countConditions(filters)))
      .groupBy(auditDailyCounts.day)
      .orderBy(desc(auditDailyCounts.day));
    const total = days.reduce((acc, d) => acc + d.count, 0);
    if (offset >= total) return { rows: [], total };
    let before = 0;
    let startDay = days[0]!.day;
    for (const d of days) {
      if (before + d.count > offset) {
        startDay = d.day;
        break;
      }
      before += d.count;
    }
    // Entries newer than the start day are exactly `before`; the page starts `offset - before`
    // entries into that day, read backwards from its end on the (filter, created_at, id) index.
    const found = await rows(logConditions(filters, nextDay(startDay)))
      .limit(pageSize)
      .offset(offset - before);
    return { rows: found as AuditRow[], total };
  }

  /**
   * Every entry the filter selects, newest first, in keyset batches on (created_at, id), so a
   * long export never re-reads what it has passed.
   */
  async function* batches(filters: AuditFilters, batchSize: number): AsyncGenerator<AuditRow[]> {
    if (filters.actorId === -1) return;
    // The cursor keeps created_at as PostgreSQL's text: a JS Date would drop its microseconds.
    let after: { at: string; id: number } | undefined;
    for (;;) {
      const conditions = logConditions(filters);
      if (after) {
        conditions.push(
          sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})`,
        );
      }
      const batch = await db
        .select({ ...columns, cursorAt: sql<string>`${auditLog.createdAt}::text` })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(and(...conditions))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(batchSize);
      if (batch.length === 0) return;
      yield batch as (AuditRow & { cursorAt: string })[];
      if (batch.length < batchSize) return;
      const last = batch[batch.length - 1]!;
      after = { at: last.cursorAt, id: last.id };
    }
  }

  /** The id of a user by exact username, or -1 (no such actor: the filter matches nothing). */
  async function actorIdOf(username: string): Promise<number> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return row?.id ?? -1;
  }

  /** True when some entry was ever recorded with this action. */
  async function actionRecorded(action: string): Promise<boolean> {
    const [row] = await db
      .select({ action: auditDailyCounts.action })
      .from(auditDailyCounts)
      .where(eq(auditDailyCounts.action, action))
      .limit(1);
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
