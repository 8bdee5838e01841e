import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { users } from '../accounts/tables';
import { clientWithApplication } from '../applications/test-support';
import { auditLog, recordAudit } from '../audit';
import { validPayload } from '../registration/test-support';
import { foldAuditCountStripes } from './count-stripes';
import { AUDIT_EXPORT_HEADERS } from './export';
import { auditDailyCounts, auditDayTotals } from './tables';

const LIST = '/api/registration/admin/audit/';
const EXPORT = '/api/registration/admin/audit/export/';

// Issue 15: the audit log was written but nobody could read it. A superuser reads it here.
describe('the audit trail', () => {
  let t: TestApp;
  let root: TestSession;
  let staff: TestSession;
  let other: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    root = await createStaffSession(t, { superuser: true, username: 'root.audit' });
    staff = await createStaffSession(t, { username: 'asha.audit' });
    other = await createStaffSession(t, { username: 'ravi.audit' });
    // 60 entries over three Kolkata days, and one at each edge of a day (IST is UTC+05:30).
    const rows = [];
    for (let i = 0; i < 60; i++) {
      rows.push({
        actorUserId: i % 3 === 0 ? other.userId : staff.userId,
        action: i % 2 === 0 ? 'registration.delivered' : 'application.note_added',
        subject: String(1000 + (i % 5)),
        details: { n: i },
        ip: '10.0.0.1',
        createdAt: new Date(Date.UTC(2026, 0, 10 + (i % 3), 6, 0, i)),
      });
    }
    rows.push(
      // 2026-01-20 23:59:59 IST and 2026-01-21 00:00:00 IST.
      {
        actorUserId: root.userId,
        action: 'profiles.exported',
        subject: 'start..end',
        details: null,
        ip: '10.0.0.2',
        createdAt: new Date('2026-01-20T18:29:59Z'),
      },
      {
        actorUserId: root.userId,
        action: 'profiles.exported',
        subject: 'start..end',
        details: null,
        ip: '10.0.0.2',
        createdAt: new Date('2026-01-20T18:30:00Z'),
      },
    );
    await t.database.db.insert(auditLog).values(rows);
  }, 120_000);
  afterAll(() => t.close());

  const get = (query: string, headers: Record<string, string> = root.headers) =>
    t.app.inject({ url: `${LIST}${query}`, headers });

  it('pages newest first through every entry, each page exactly once, however deep', async () => {
    const all: number[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const res = await get(`?page=${page}&page_size=7&from_date=2026-01-01&to_date=2026-01-31`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      total = body.pagination.total_items;
      expect(body.pagination.total_pages).toBe(Math.ceil(total / 7));
      all.push(...body.results.map((e: { id: number }) => e.id));
      if (page >= body.pagination.total_pages) break;
    }
    expect(total).toBe(62);
    const expected = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.createdAt} < '2026-02-01T00:00:00+05:30'`)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    expect(all).toEqual(expected.map((r) => r.id));
  });

  it('shows who, what, when, about whom and from where', async () => {
    const body = (
      await get('?action=profiles.exported&from_date=2026-01-21&to_date=2026-01-21')
    ).json();
    expect(body.results).toEqual([
      {
        id: expect.any(Number),
        created_at: '2026-01-20T18:30:00.000Z',
        action: 'profiles.exported',
        actor: { id: root.userId, username: 'root.audit' },
        applicant_id: null,
        subject: 'start..end',
        details: null,
        ip: '10.0.0.2',
      },
    ]);
    const note = (await get('?action=application.note_added&page_size=1')).json().results[0];
    expect(note.applicant_id).toBe(Number(note.subject));
  });

  it('filters by action, actor, applicant and Kolkata days, alone and together', async () => {
    const count = async (query: string) => (await get(query)).json().pagination.total_items;
    expect(await count('?action=registration.delivered')).toBe(30);
    expect(await count('?actor=ravi.audit')).toBe(20);
    expect(await count('?actor=ravi.audit&action=registration.delivered')).toBe(10);
    expect(await count('?applicant=1002')).toBe(12);
    expect(await count('?applicant=1002&action=registration.delivered&actor=asha.audit')).toBe(4);
    // The export entries name no applicant, even if a subject looked like an id.
    expect(await count('?applicant=1002&action=profiles.exported')).toBe(0);
    expect(await count('?from_date=2026-01-11&to_date=2026-01-11')).toBe(20);
    // 18:29:59 UTC is still 20 January in Kolkata; 18:30:00 is 21 January.
    expect(await count('?from_date=2026-01-20&to_date=2026-01-20')).toBe(1);
    expect(await count('?from_date=2026-01-21')).toBeGreaterThanOrEqual(1);
    expect(await count('?to_date=2026-01-20&from_date=2026-01-01')).toBe(61);
    // An unknown actor is nobody: nothing, not everything.
    expect(await count('?actor=nobody.here')).toBe(0);
    const rows = (await get('?actor=asha.audit&action=registration.delivered&page_size=100')).json()
      .results;
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      expect(row).toMatchObject({
        action: 'registration.delivered',
        actor: { username: 'asha.audit' },
      });
    }
  });

  it('answers an empty page beyond the end, with the real total', async () => {
    const res = await get('?page=99&page_size=10&from_date=2026-01-01&to_date=2026-01-31');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [],
      pagination: { current_page: 99, page_size: 10, total_items: 62, total_pages: 7 },
    });
  });

  it.each([
    ['?from_date=2026-02-30', 'from_date must be a date in YYYY-MM-DD format'],
    ['?to_date=21-01-2026', 'to_date must be a date in YYYY-MM-DD format'],
    ['?from_date=2026-01-21&to_date=2026-01-20', 'from_date must not be after to_date'],
    ['?action=staff.teleported', 'action is not an action of the audit trail'],
    ['?action=DROP%20TABLE', 'action is not an action of the audit trail'],
    ['?applicant=abc', 'applicant must be an application id'],
    ['?applicant=99999999999', 'applicant must be an application id'],
    ['?page=0', 'page must be a positive whole number'],
    ['?page_size=101', 'page_size must be at most 100'],
    ['?page=1&page=2', 'page must be given once'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('accepts an action that is not listed but was recorded (a newer module wrote it)', async () => {
    await recordAudit(t.database.db, {
      actorUserId: root.userId,
      action: 'staff.account_created',
      subject: 'new.staff',
      ip: '10.0.0.3',
    });
    const res = await get('?action=staff.account_created');
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination.total_items).toBe(1);
  });

  it('exports what the filter selects as .xlsx, and the export is itself audited', async () => {
    const res = await t.app.inject({
      url: `${EXPORT}?actor=ravi.audit&action=registration.delivered&from_date=2026-01-01&to_date=2026-01-31`,
      headers: root.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Audit_2026-01-01_to_2026-01-31.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    expect(values[0]!.slice(1)).toEqual(AUDIT_EXPORT_HEADERS);
    const data = values.slice(1);
    expect(data).toHaveLength(10);
    for (const row of data) {
      expect(row[3]).toBe('ravi.audit');
      expect(row[4]).toBe('Delivered changed');
      expect(row[5]).toBe('registration.delivered');
    }
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'audit.exported'));
    expect(entry).toMatchObject({
      actorUserId: root.userId,
      details: {
        actor: 'ravi.audit',
        action: 'registration.delivered',
        applicant: null,
        from_date: '2026-01-01',
        to_date: '2026-01-31',
      },
    });
  });

  it('keeps the per-day summary equal to the log', async () => {
    const [summed] = await t.database.db
      .select({ total: sql<number>`sum(${auditDailyCounts.count})::int` })
      .from(auditDailyCounts);
    const [counted] = await t.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog);
    expect(summed?.total).toBe(counted?.total);
  });

  it('never holds an Aadhaar or account number, even after a reveal and a full export', async () => {
    const client = await clientWithApplication(t, 'paid');
    const payload = validPayload({ contact_number: client.phone });
    for (const field of ['aadhaar_number', 'account_number']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/registration/admin/applications/${client.registrationId}/reveal/`,
        headers: root.headers,
        payload: { field },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.app.inject({
      url: '/api/registration/admin/profiles/export/?full_numbers=true',
      headers: root.headers,
    });
    const list = await get(`?applicant=${client.registrationId}`);
    expect(list.json().results.map((e: { action: string }) => e.action)).toEqual([
      'applicant.number_revealed',
      'applicant.number_revealed',
    ]);
    const everything = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(everything).not.toContain(payload.aadhaar_number.replace(/\s/g, ''));
    expect(everything).not.toContain(payload.account_number);
  });

  // Last in this file: it adds 2,500 entries in March that the counts above do not expect.
  it('exports across batches in order (2,500 entries: three keyset reads)', async () => {
    const base = Date.UTC(2026, 2, 1, 6);
    await t.database.db.insert(auditLog).values(
      // Several entries share an instant: the keyset must still neither skip nor repeat one.
      Array.from({ length: 2500 }, (_, i) => ({
        actorUserId: root.userId,
        action: 'registration.delivered',
        subject: String(i),
        ip: '10.0.0.9',
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      })),
    );
    const res = await t.app.inject({
      url: `${EXPORT}?action=registration.delivered&from_date=2026-03-01&to_date=2026-03-31`,
      headers: root.headers,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ids = (workbook.worksheets[0]!.getSheetValues().slice(2) as unknown[][]).map(
      (row) => row[1],
    );
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
    expect(ids).toEqual([...ids].sort((a, b) => Number(b) - Number(a)));
  });
});

/** The database's own message: drizzle wraps it as the cause of "Failed query". */
async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'not refused';
}

describe('the audit log cannot be changed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  // Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (CI does both).
  it('the database refuses UPDATE and DELETE of an entry, whoever asks', async () => {
    const su = await createStaffSession(t, { superuser: true });
    await recordAudit(t.database.db, {
      actorUserId: su.userId,
      action: 'registration.delivered',
      subject: '1',
      ip: '127.0.0.1',
    });
    expect(
      await refusal(t.database.db.execute(sql`update audit_log set action = 'nothing.happened'`)),
    ).toBe('audit_log entries cannot be changed or deleted (UPDATE refused)');
    expect(await refusal(t.database.db.execute(sql`delete from audit_log`))).toBe(
      'audit_log entries cannot be changed or deleted (DELETE refused)',
    );
    // Not even with triggers switched off for replication (a bulk load's setting).
    expect(
      await refusal(
        t.database.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.execute(sql`delete from audit_log`);
        }),
      ),
    ).toBe('audit_log entries cannot be changed or deleted (DELETE refused)');
    // Nor by deleting the user who acted (the foreign key would rewrite the entry).
    await expect(
      t.database.db.execute(sql`delete from users where id = ${su.userId}`),
    ).rejects.toThrow();
    const rows = await t.database.db.select().from(auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'registration.delivered', actorUserId: su.userId });
  });

  it('a client, staff and the anonymous cannot read it; no route changes it', async () => {
    const client = await createClientSession(t);
    const staffOnly = await createStaffSession(t);
    for (const url of [LIST, EXPORT]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await t.app.inject({ url, headers: client.headers })).statusCode).toBe(403);
      const asStaff = await t.app.inject({ url, headers: staffOnly.headers });
      expect(asStaff.statusCode).toBe(403);
      expect(asStaff.json()).toEqual({ message: 'Only a superuser can read the audit trail.' });
    }
    // The page's read starts beside the sign-in check (staffReadAlongside): a staff member's
    // filtered or malformed request still gets only the superuser refusal, with no entry in it.
    for (const query of ['?action=registration.delivered', '?page=0', '?from_date=2026-13-01']) {
      const asStaff = await t.app.inject({ url: `${LIST}${query}`, headers: staffOnly.headers });
      expect(asStaff.statusCode).toBe(403);
      expect(asStaff.json()).toEqual({ message: 'Only a superuser can read the audit trail.' });
    }
    const su = await createStaffSession(t, { superuser: true });
    expect((await t.app.inject({ url: `${LIST}?page=0`, headers: su.headers })).statusCode).toBe(
      400,
    );
    // A superuser whose account was disabled: 401, and none of the entries.
    const gone = await createStaffSession(t, { superuser: true });
    await recordAudit(t.database.db, {
      actorUserId: gone.userId,
      action: 'registration.delivered',
      subject: '77',
      ip: '127.0.0.1',
    });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, gone.userId));
    for (const url of [LIST, `${LIST}?applicant=77`]) {
      const res = await t.app.inject({ url, headers: gone.headers });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('registration.delivered');
    }
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await t.app.inject({ method, url: LIST, headers: su.headers });
      expect(res.statusCode).toBe(404);
    }
  });
});

// The screen's totals and page positions come from the per-day summaries (audit_day_totals with no
// action or actor filter, audit_daily_counts with one): each answer is checked against the log.
describe('the audit trail totals and pages match the log', () => {
  let t: TestApp;
  let root: TestSession;
  const names = ['meera.totals', 'kiran.totals'];
  const actions = ['registration.delivered', 'application.note_added', 'profiles.exported'];

  beforeAll(async () => {
    t = await createTestApp();
    root = await createStaffSession(t, { superuser: true, username: 'root.totals' });
    const ids = [root.userId];
    for (const username of names) ids.push((await createStaffSession(t, { username })).userId);
    // Four Kolkata days, 5 to 8 June 2026, with entries on both sides of each midnight (18:30 UTC),
    // written one at a time and in multi-day statements, and some with no actor.
    const entry = (i: number, at: string) => ({
      actorUserId: i % 7 === 6 ? null : ids[i % 3]!,
      action: actions[i % actions.length]!,
      subject: String(2000 + (i % 4)),
      ip: '10.0.1.1',
      createdAt: new Date(at),
    });
    const at = (day: number, seconds: number) =>
      new Date(Date.UTC(2026, 5, day, 18, 30, 0) + seconds * 1000).toISOString();
    let i = 0;
    for (let day = 4; day <= 7; day++) {
      // Just before this midnight (day + 1 in Kolkata starts at 18:30 UTC on `day`), one statement.
      await t.database.db
        .insert(auditLog)
        .values(Array.from({ length: 6 }, (_, k) => entry(i++, at(day, -6 + k))));
      // Just after it, one entry per statement.
      for (let k = 0; k < 5; k++)
        await t.database.db.insert(auditLog).values(entry(i++, at(day, k)));
    }
    // One statement across all four days.
    await t.database.db
      .insert(auditLog)
      .values(Array.from({ length: 8 }, (_, k) => entry(i++, at(4 + (k % 4), 3600 + k))));
  }, 120_000);
  afterAll(() => t.close());

  const get = (query: string) =>
    t.app.inject({ url: `${LIST}${query}`, headers: root.headers }).then((res) => {
      expect(res.statusCode).toBe(200);
      return res.json();
    });

  /** The log, newest first, with the Kolkata day of each entry: what every answer must match. */
  async function log() {
    return (
      await t.database.db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          actorUserId: auditLog.actorUserId,
          day: sql<string>`registration_kolkata_day(${auditLog.createdAt})::text`,
        })
        .from(auditLog)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    ).map((row) => ({ ...row, id: Number(row.id) }));
  }

  it('keeps one total a day equal to the log', async () => {
    const perDay = new Map<string, number>();
    for (const row of await log()) perDay.set(row.day, (perDay.get(row.day) ?? 0) + 1);
    const totals = await t.database.db
      .select({ day: auditDayTotals.day, count: sql<number>`sum(${auditDayTotals.count})::int` })
      .from(auditDayTotals)
      .groupBy(auditDayTotals.day);
    expect(new Map(totals.map((r) => [r.day, Number(r.count)]))).toEqual(perDay);
  });

  it('gives the same total and the same pages as the log, with and without filters', async () => {
    await expectPagesMatchLog();
  });

  it('reads totals spread over stripes, and folds them back without a total moving', async () => {
    // What concurrent connections leave: each summary row's count split over a second stripe
    // (numbered past the writers' 1-16, so the split cannot meet one that exists).
    const stripes = async () =>
      [
        ...(await t.database.db.selectDistinct({ s: auditDayTotals.stripe }).from(auditDayTotals)),
        ...(await t.database.db
          .selectDistinct({ s: auditDailyCounts.stripe })
          .from(auditDailyCounts)),
      ].map((r) => r.s);
    await t.database.db.execute(sql`
      with moved as (
        update audit_day_totals set count = count - 1 where count > 1 returning day, stripe
      ) insert into audit_day_totals (day, stripe, count)
        select day, stripe + 100, 1 from moved`);
    await t.database.db.execute(sql`
      with moved as (
        update audit_daily_counts set count = count - 1 where count > 1
        returning day, action, actor_key, stripe
      ) insert into audit_daily_counts (day, action, actor_key, stripe, count)
        select day, action, actor_key, stripe + 100, 1 from moved`);
    expect(new Set(await stripes()).size).toBeGreaterThan(1);
    await expectPagesMatchLog();

    expect(await foldAuditCountStripes(t.database.db)).toBeGreaterThan(0);
    expect(new Set(await stripes())).toEqual(new Set([0]));
    await expectPagesMatchLog();
    expect(await foldAuditCountStripes(t.database.db)).toBe(0);

    // Entries written after a fold count into the writer's stripe again, beside stripe 0.
    await t.database.db.insert(auditLog).values({
      actorUserId: root.userId,
      action: 'registration.delivered',
      subject: '2001',
      ip: '10.0.1.1',
      createdAt: new Date(Date.UTC(2026, 5, 6, 12, 0, 0)),
    });
    expect(new Set(await stripes()).size).toBe(2);
    await expectPagesMatchLog();
  });

  async function expectPagesMatchLog() {
    const entries = await log();
    const idOf = async (username: string) =>
      (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;
    const meera = await idOf('meera.totals');
    const cases: [string, (row: (typeof entries)[number]) => boolean][] = [
      ['', () => true],
      ['from_date=2026-06-05&to_date=2026-06-08', (r) => r.day >= '2026-06-05'],
      [
        'from_date=2026-06-06&to_date=2026-06-07',
        (r) => r.day >= '2026-06-06' && r.day <= '2026-06-07',
      ],
      ['action=application.note_added', (r) => r.action === 'application.note_added'],
      ['actor=meera.totals', (r) => r.actorUserId === meera],
      [
        'actor=meera.totals&action=registration.delivered',
        (r) => r.actorUserId === meera && r.action === 'registration.delivered',
      ],
      [
        'actor=meera.totals&action=registration.delivered&from_date=2026-06-07&to_date=2026-06-07',
        (r) =>
          r.actorUserId === meera &&
          r.action === 'registration.delivered' &&
          r.day === '2026-06-07',
      ],
      ['actor=nobody.totals', () => false],
    ];
    for (const [filter, selects] of cases) {
      const expected = entries.filter(selects).map((r) => r.id);
      const seen: number[] = [];
      // 4 a page: pages start inside a day and run across a midnight.
      for (let page = 1; page <= Math.max(1, Math.ceil(expected.length / 4)); page++) {
        const body = await get(`?page=${page}&page_size=4&${filter}`);
        expect(body.pagination, filter).toEqual({
          current_page: page,
          page_size: 4,
          total_items: expected.length,
          total_pages: Math.ceil(expected.length / 4),
        });
        seen.push(...body.results.map((e: { id: number }) => e.id));
      }
      expect(seen, filter).toEqual(expected);
      const beyond = await get(`?page=${Math.ceil(expected.length / 4) + 1}&page_size=4&${filter}`);
      expect(beyond.results, filter).toEqual([]);
      expect(beyond.pagination.total_items, filter).toBe(expected.length);
    }
  }

  it('a deep page in the middle of a day is the same slice of the log', async () => {
    const expected = (await log()).map((r) => r.id);
    for (const [page, size] of [
      [3, 5],
      [4, 9],
      [2, 25],
    ] as const) {
      const body = await get(`?page=${page}&page_size=${size}`);
      expect(body.results.map((e: { id: number }) => e.id)).toEqual(
        expected.slice((page - 1) * size, page * size),
      );
      expect(body.pagination.total_items).toBe(expected.length);
    }
  });

  it('exports nothing for an actor nobody is', async () => {
    const res = await t.app.inject({ url: `${EXPORT}?actor=nobody.totals`, headers: root.headers });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getSheetValues().slice(2)).toEqual([]);
  });
});
