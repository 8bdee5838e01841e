import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFieldCipher, decodeKey } from '../../lib/encryption';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { auditLog } from '../audit';
import { disabledStaffSession } from '../identity-masking/test-support';
import { EXPORT_HEADERS, writeProfilesWorkbook } from './export';
import { createRegistrationService } from './service';
import { registrations } from './tables';
import { insertApplicant } from './test-support';

const LIST = '/api/registration/admin/profiles/';
const DASHBOARD = '/api/registration/admin/dashboard/';
const EXPORT = '/api/registration/admin/profiles/export/';
const toggleUrl = (id: number | string) => `/api/registration/registration/${id}/toggle-delivered/`;

// The back office's clock: mid-June 2026 in Kolkata.
const NOW = new Date('2026-06-15T06:30:00Z');

/** Applicants whose times straddle Kolkata day and year boundaries (IST = UTC+05:30). */
const FIXTURE = {
  A: { createdAt: '2026-01-10T10:00:00Z', status: 'draft', name: 'Ananya Iyer' },
  // 2026-04-01 00:30 in Kolkata, still 31 March in UTC.
  B: {
    createdAt: '2026-03-31T19:00:00Z',
    status: 'paid',
    submittedAt: '2026-04-02T05:00:00Z',
    name: 'Rohan Mehta',
  },
  // 2026-03-31 23:30 in Kolkata.
  C: { createdAt: '2026-03-31T18:00:00Z', status: 'pending_payment', name: 'Kavya Nair' },
  // 2026-01-01 01:30 in Kolkata: this year there, last year in UTC.
  D: {
    createdAt: '2025-12-31T20:00:00Z',
    status: 'paid',
    submittedAt: '2026-01-02T00:00:00Z',
    name: 'Arjun Reddy',
  },
  // 2025-12-31 23:30 in Kolkata.
  E: { createdAt: '2025-12-31T18:00:00Z', status: 'draft', name: 'Meera Das' },
  F: { createdAt: '2026-06-15T05:00:00Z', status: 'draft', name: 'Sai Kumar' },
  // G and H share a timestamp: the id breaks the tie (H was inserted later, so it comes first).
  G: { createdAt: '2025-11-01T00:00:00Z', status: 'draft', name: 'Gurpreet Gill' },
  H: { createdAt: '2025-11-01T00:00:00Z', status: 'draft', name: 'Harpreet Sandhu' },
} as const;
type Key = keyof typeof FIXTURE;
const NEWEST_FIRST: Key[] = ['F', 'B', 'C', 'A', 'D', 'E', 'H', 'G'];

describe('back office', () => {
  let t: TestApp;
  let staff: TestSession;
  let client: TestSession;
  const ids = {} as Record<Key, { profileId: number; registrationId: number; aadhaar: string }>;
  const keyOfProfile = (profileId: number) =>
    (Object.keys(ids) as Key[]).find((key) => ids[key].profileId === profileId);

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    staff = await createStaffSession(t);
    client = await createClientSession(t);
    let n = 0;
    for (const key of Object.keys(FIXTURE) as Key[]) {
      const f = FIXTURE[key];
      n += 1;
      const { registration, profile, payload } = await insertApplicant(t, {
        createdAt: new Date(f.createdAt),
        status: f.status,
        submittedAt: 'submittedAt' in f ? new Date(f.submittedAt) : null,
        profile: {
          full_name: f.name,
          contact_number: `90000000${String(n).padStart(2, '0')}`,
          alternative_contact_number: key === 'C' ? '8111222333' : '',
          pan_number: key === 'A' ? 'AAAPI1111A' : `BBBP${key}${String(n).padStart(4, '0')}Z`,
        },
      });
      ids[key] = {
        profileId: profile.id,
        registrationId: registration.id,
        aadhaar: payload.aadhaar_number,
      };
    }
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, session: TestSession = staff) =>
    t.app.inject({ url, headers: session.headers });
  const listKeys = (body: { results: { id: number }[] }) =>
    body.results.map((row) => keyOfProfile(row.id));

  describe('authorization', () => {
    const routes: { method: 'GET' | 'POST'; path: string; url: () => string }[] = [
      { method: 'GET', path: LIST, url: () => LIST },
      { method: 'GET', path: DASHBOARD, url: () => DASHBOARD },
      { method: 'GET', path: EXPORT, url: () => EXPORT },
      { method: 'POST', path: toggleUrl('{id}'), url: () => toggleUrl(ids.A.registrationId) },
    ];

    it.each(routes)('$method $path: 401 anonymous, 403 for a client', async ({ method, url }) => {
      const anonymous = await t.app.inject({ method, url: url() });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: expect.any(String) });
      const asClient = await t.app.inject({ method, url: url(), headers: client.headers });
      expect(asClient.statusCode).toBe(403);
      expect(asClient.json()).toEqual({ message: expect.any(String) });
      const [row] = await t.database.db
        .select({ delivered: registrations.delivered })
        .from(registrations)
        .where(eq(registrations.id, ids.A.registrationId));
      expect(row!.delivered).toBe(false);
    });

    // The list and the dashboard start their reads beside the staff check (staffReadAlongside):
    // a disabled account's read may run, but only the check's refusal is answered.
    it.each([LIST, `${LIST}?search=ak`, `${LIST}?page=0`, DASHBOARD])(
      '%s: 401 for disabled staff, with no row',
      async (url) => {
        const res = await get(url, await disabledStaffSession(t));
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          message: 'Authentication credentials were not provided or are invalid.',
        });
      },
    );

    it('lets a superuser in as well', async () => {
      const root = await createStaffSession(t, { superuser: true });
      expect((await get(DASHBOARD, root)).statusCode).toBe(200);
    });
  });

  describe('applicants list', () => {
    it('pages newest first with the shape of spec section 3, identity numbers masked', async () => {
      const res = await get(LIST);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.pagination).toEqual({
        current_page: 1,
        page_size: 10,
        total_items: 8,
        total_pages: 1,
      });
      expect(listKeys(body)).toEqual(NEWEST_FIRST);
      const b = body.results[1];
      expect(b).toEqual({
        id: ids.B.profileId,
        full_name: 'Rohan Mehta',
        contact_number: '9000000002',
        loan_amount: expect.any(Number),
        loan_type: expect.any(String),
        pan_number: 'BBBPB0002Z',
        // UIDAI's rule: the last four digits only (issue 15); the applicant page reveals one.
        aadhaar_number: `XXXX XXXX ${ids.B.aadhaar.slice(-4)}`,
        bank_name: expect.any(String),
        account_number: expect.stringMatching(/^XXXXXX\d{4}$/),
        ifsc_code: expect.stringMatching(/^[A-Z]{4}0[A-Z0-9]{6}$/),
        registration: { id: ids.B.registrationId, status: 'paid', delivered: false },
      });
    });

    it('paginates', async () => {
      const page1 = (await get(`${LIST}?page_size=3`)).json();
      const page3 = (await get(`${LIST}?page_size=3&page=3`)).json();
      expect(listKeys(page1)).toEqual(['F', 'B', 'C']);
      expect(listKeys(page3)).toEqual(['H', 'G']);
      expect(page3.pagination).toEqual({
        current_page: 3,
        page_size: 3,
        total_items: 8,
        total_pages: 3,
      });
      const beyond = (await get(`${LIST}?page_size=3&page=4`)).json();
      expect(beyond.results).toEqual([]);
      expect(beyond.pagination.total_items).toBe(8);
    });

    it.each([
      ['iyer', ['A']],
      ['ROHAN', ['B']],
      ['8111222', ['C']],
      ['9000000004', ['D']],
      ['aaapi11', ['A']],
      ['  nair ', ['C']],
      ['preet', ['H', 'G']],
      ['%', []],
      ['_', []],
    ])('searches name, contact, alternative contact and PAN: %j', async (search, expected) => {
      const res = await get(`${LIST}?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      expect(listKeys(res.json())).toEqual(expected);
      expect(res.json().pagination.total_items).toBe(expected.length);
    });

    it('finds an applicant by the last four digits of the Aadhaar number staff see', async () => {
      const last4 = ids.B.aadhaar.replace(/\s/g, '').slice(-4);
      const res = await get(`${LIST}?search=${last4}`);
      expect(res.statusCode).toBe(200);
      expect(listKeys(res.json())).toContain('B');
      const row = res.json().results.find((r: { id: number }) => r.id === ids.B.profileId);
      expect(row.aadhaar_number).toBe(`XXXX XXXX ${last4}`);
    });

    it("answers a search's rows exactly as the list's, every field and type", async () => {
      // A search without a space reads its page through the name-word index and the number
      // matches, then selects the rows by id; the list without a search pages by date. Staff
      // must not tell the difference in what a row holds.
      const all = (await get(`${LIST}?page_size=100`)).json().results as { id: number }[];
      for (const term of ['rohan', ids.B.aadhaar.replace(/\s/g, '').slice(-4), '8111222']) {
        const found = (await get(`${LIST}?search=${term}`)).json().results as { id: number }[];
        expect(found.length, term).toBeGreaterThan(0);
        for (const row of found) {
          expect(row, term).toStrictEqual(all.find((r) => r.id === row.id));
        }
      }
    });

    it('counts every match of a search that fills more than one page, on any page', async () => {
      const all = listKeys((await get(`${LIST}?search=a&page_size=100`)).json());
      expect(all.length).toBeGreaterThan(4);
      for (const page of [1, 2]) {
        const res = (await get(`${LIST}?search=a&page_size=2&page=${page}`)).json();
        expect(listKeys(res)).toEqual(all.slice((page - 1) * 2, page * 2));
        expect(res.pagination.total_items).toBe(all.length);
      }
      const ranged = (
        await get(`${LIST}?from_date=2026-01-01&to_date=2026-04-30&search=a&page_size=3`)
      ).json();
      expect(listKeys(ranged)).toEqual(['B', 'C', 'A']);
      expect(ranged.pagination).toEqual({
        current_page: 1,
        page_size: 3,
        total_items: 4,
        total_pages: 2,
      });
    });

    it.each([
      ['from_date=2026-04-01&to_date=2026-04-01', ['B']],
      ['from_date=2026-03-31&to_date=2026-03-31', ['C']],
      ['from_date=2026-01-01', ['F', 'B', 'C', 'A', 'D']],
      ['to_date=2025-12-31', ['E', 'H', 'G']],
      ['from_date=2025-11-01&to_date=2025-11-01', ['H', 'G']],
      ['from_date=2026-01-01&to_date=2026-04-30&search=a', ['B', 'C', 'A', 'D']],
    ])('filters Kolkata calendar days, inclusive: %s', async (query, expected) => {
      const res = await get(`${LIST}?${query}`);
      expect(res.statusCode).toBe(200);
      expect(listKeys(res.json())).toEqual(expected);
    });

    it.each([
      ['page=0', 'page must be a positive whole number'],
      ['page=abc', 'page must be a positive whole number'],
      ['page_size=-5', 'page_size must be a positive whole number'],
      ['page_size=101', 'page_size must be at most 100'],
      ['from_date=2026-02-30', 'from_date must be a date in YYYY-MM-DD format'],
      ['to_date=15-06-2026', 'to_date must be a date in YYYY-MM-DD format'],
      ['from_date=2026-05-02&to_date=2026-05-01', 'from_date must not be after to_date'],
      ['page=1&page=2', 'page must be given once'],
    ])('refuses %s with 400', async (query, message) => {
      const res = await get(`${LIST}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });
  });

  describe('dashboard', () => {
    it('agrees with the stored applicants (months of this Kolkata year)', async () => {
      const res = await get(DASHBOARD);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total_applicants).toBe(8);
      expect(body.donut_chart).toEqual({ draft: 5, paid: 2, pending_payment: 1 });
      const counts = [2, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0];
      expect(body.bar_chart).toEqual(counts.map((count, i) => ({ month: i + 1, count })));
      expect(body.last_five_registrations).toEqual([
        {
          id: ids.F.registrationId,
          status: 'draft',
          submitted_at: FIXTURE.F.createdAt.replace('Z', '.000Z'),
          profile: { full_name: 'Sai Kumar', contact_number: '9000000006' },
        },
        {
          id: ids.B.registrationId,
          status: 'paid',
          submitted_at: '2026-04-02T05:00:00.000Z',
          profile: { full_name: 'Rohan Mehta', contact_number: '9000000002' },
        },
        expect.objectContaining({ id: ids.C.registrationId }),
        expect.objectContaining({ id: ids.A.registrationId }),
        expect.objectContaining({
          id: ids.D.registrationId,
          submitted_at: '2026-01-02T00:00:00.000Z',
        }),
      ]);
    });
  });

  describe('delivered toggle', () => {
    it('flips the flag, shows in the list, and is audit-logged', async () => {
      const id = ids.E.registrationId;
      const first = await t.app.inject({
        method: 'POST',
        url: toggleUrl(id),
        headers: staff.headers,
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ id, delivered: true });
      const listed = (await get(`${LIST}?to_date=2025-12-31`)).json().results[0];
      expect(listed.registration).toEqual({ id, status: 'draft', delivered: true });
      const second = await t.app.inject({
        method: 'POST',
        url: toggleUrl(id),
        headers: staff.headers,
      });
      expect(second.json()).toEqual({ id, delivered: false });
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'registration.delivered'), eq(auditLog.subject, String(id))),
        );
      expect(audit.map((row) => [row.actorUserId, row.details])).toEqual([
        [staff.userId, { delivered: true }],
        [staff.userId, { delivered: false }],
      ]);
    });

    it.each(['999999', 'abc', '0', '99999999999'])(
      'answers 404 for registration %s',
      async (id) => {
        const res = await t.app.inject({
          method: 'POST',
          url: toggleUrl(id),
          headers: staff.headers,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Registration not found.' });
      },
    );
  });

  describe('export', () => {
    async function readWorkbook(body: Buffer) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body as unknown as ArrayBuffer);
      return workbook;
    }
    const sheetRows = (sheet: ExcelJS.Worksheet) => {
      const rows: unknown[][] = [];
      sheet.eachRow((row) => {
        rows.push((row.values as unknown[]).slice(1));
      });
      return rows;
    };

    it('streams an .xlsx with a bold header and the filtered rows, newest first', async () => {
      const res = await get(`${EXPORT}?from_date=2026-01-01&to_date=2026-04-01`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="Profiles_2026-01-01_to_2026-04-01.xlsx"',
      );
      expect(res.headers['cache-control']).toBe('no-store');
      const workbook = await readWorkbook(res.rawPayload);
      expect(workbook.worksheets).toHaveLength(1);
      const sheet = workbook.worksheets[0]!;
      const rows = sheetRows(sheet);
      expect(rows[0]).toEqual([
        'Application ID',
        'Full Name',
        'Contact Number',
        'Alternative Contact Number',
        'Loan Type',
        'Loan Amount',
        'Aadhaar Number',
        'PAN Number',
        'Bank Name',
        'Account Number',
        'IFSC Code',
        'Full Address',
        'City',
        'PIN Code',
        'State',
        'Status',
        'Delivered',
        'Submitted At',
      ]);
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(sheet.getRow(1).getCell(18).font?.bold).toBe(true);
      expect(rows.slice(1).map((row) => row[0])).toEqual(
        (['B', 'C', 'A', 'D'] as Key[]).map((key) => ids[key].registrationId),
      );
      const c = rows[2]!;
      expect(c).toEqual([
        ids.C.registrationId,
        'Kavya Nair',
        '9000000003',
        '8111222333',
        expect.any(String),
        expect.any(Number),
        // Masked by default (issue 15): full numbers are a superuser's audited request.
        `XXXX XXXX ${ids.C.aadhaar.slice(-4)}`,
        'BBBPC0003Z',
        expect.any(String),
        expect.stringMatching(/^XXXXXX\d{4}$/),
        expect.stringMatching(/^[A-Z]{4}0[A-Z0-9]{6}$/),
        expect.any(String),
        expect.any(String),
        expect.stringMatching(/^[1-9]\d{5}$/),
        expect.any(String),
        'pending_payment',
        'No',
        // 2026-03-31 18:00 UTC is 23:30 on the Kolkata wall clock.
        new Date('2026-03-31T23:30:00Z'),
      ]);
      // Paid: the payment time.
      expect(rows[1]![17]).toEqual(new Date('2026-04-02T10:30:00Z'));
    });

    it('exports everything without filters, respects search, and audit-logs each export', async () => {
      const all = await get(EXPORT);
      expect(all.headers['content-disposition']).toBe(
        'attachment; filename="Profiles_start_to_end.xlsx"',
      );
      const allRows = sheetRows((await readWorkbook(all.rawPayload)).worksheets[0]!);
      expect(allRows.slice(1).map((row) => row[0])).toEqual(
        NEWEST_FIRST.map((key) => ids[key].registrationId),
      );

      const searched = await get(`${EXPORT}?search=preet&from_date=2025-01-01`);
      expect(searched.headers['content-disposition']).toBe(
        'attachment; filename="Profiles_2025-01-01_to_end.xlsx"',
      );
      const rows = sheetRows((await readWorkbook(searched.rawPayload)).worksheets[0]!);
      expect(rows.slice(1).map((row) => row[1])).toEqual(['Harpreet Sandhu', 'Gurpreet Gill']);

      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'profiles.exported'));
      expect(audit.length).toBeGreaterThanOrEqual(3);
      expect(audit.at(-1)).toMatchObject({
        actorUserId: staff.userId,
        subject: '2025-01-01..end',
        details: { from_date: '2025-01-01', to_date: null, search_applied: true },
      });
      // The search term itself (possibly someone's number) stays out of the audit log.
      expect(JSON.stringify(audit)).not.toContain('preet');
    });

    it('gives full numbers to a superuser who asks, audited, and refuses them to staff', async () => {
      const refused = await get(`${EXPORT}?full_numbers=true`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: 'Only a superuser can export full Aadhaar and account numbers.',
      });
      const root = await createStaffSession(t, { superuser: true });
      const full = await get(`${EXPORT}?full_numbers=true&search=kavya`, root);
      expect(full.statusCode).toBe(200);
      const [, kavya] = sheetRows((await readWorkbook(full.rawPayload)).worksheets[0]!);
      expect(kavya![6]).toBe(ids.C.aadhaar);
      expect(kavya![9]).toEqual(expect.stringMatching(/^\d{9,18}$/));
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'profiles.exported'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry).toMatchObject({ actorUserId: root.userId, details: { full_numbers: true } });
      // A superuser's default export is masked too.
      const masked = await get(`${EXPORT}?search=kavya`, root);
      const [, row] = sheetRows((await readWorkbook(masked.rawPayload)).worksheets[0]!);
      expect(row![6]).toBe(`XXXX XXXX ${ids.C.aadhaar.slice(-4)}`);
    });

    it('refuses full numbers to the anonymous (401), a client (403) and disabled staff (401), exporting nothing', async () => {
      const exports = () =>
        t.database.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(eq(auditLog.action, 'profiles.exported'));
      const before = (await exports()).length;
      const url = `${EXPORT}?full_numbers=true`;
      const callers: [string, Record<string, string>, number][] = [
        ['anonymous', {}, 401],
        ['client', client.headers, 403],
        ['disabled staff', (await disabledStaffSession(t)).headers, 401],
      ];
      for (const [caller, headers, status] of callers) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, caller).toBe(status);
        expect(res.headers['content-type'], caller).toMatch(/^application\/json/);
        expect(res.json(), caller).toEqual({ message: expect.any(String) });
      }
      expect(await exports()).toHaveLength(before);
    });

    it('refuses bad filters with 400 before any file is made', async () => {
      const res = await get(`${EXPORT}?from_date=2026-06-02&to_date=2026-06-01`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'from_date must not be after to_date' });
    });

    /** The service the export route uses, on this test's database and key. */
    const exportService = () =>
      createRegistrationService({
        db: t.database.db,
        cipher: createFieldCipher(decodeKey(t.config.dataEncryptionKey!, 'test key')),
      });

    it('continues on a next sheet when one is full, across keyset batches', async () => {
      const service = exportService();
      const out = new PassThrough();
      const body = buffer(out);
      // Batches of 3 rows, sheets of 1 header + 3 rows: 8 rows -> sheets of 3, 3 and 2.
      const result = await writeProfilesWorkbook(out, service.exportBatches({ range: {} }, 3), {
        rowsPerSheet: 4,
      });
      expect(result).toEqual({ rows: 8, sheets: 3 });
      const workbook = await readWorkbook(await body);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
        'Profiles',
        'Profiles 2',
        'Profiles 3',
      ]);
      const perSheet = workbook.worksheets.map((sheet) => sheetRows(sheet));
      for (const rows of perSheet) {
        expect(rows[0]).toEqual(EXPORT_HEADERS);
      }
      expect(perSheet.flatMap((rows) => rows.slice(1).map((row) => row[0]))).toEqual(
        NEWEST_FIRST.map((key) => ids[key].registrationId),
      );
    });

    it('reads every row once in order whatever the batch size, including an exact multiple', async () => {
      const service = exportService();
      const expected = NEWEST_FIRST.map((key) => ids[key].registrationId);
      for (const size of [1, 3, 4, 8, 9]) {
        const seen: number[] = [];
        for await (const batch of service.exportBatches({ range: {} }, size)) {
          expect(batch.length).toBeLessThanOrEqual(size);
          seen.push(...batch.map((row) => row.applicationId));
        }
        expect([size, seen]).toEqual([size, expected]);
      }
    });

    it('can be left after the first batch while the next one is being read', async () => {
      const service = exportService();
      const batches = service.exportBatches({ range: {} }, 2);
      const first = await batches.next();
      expect(first.value).toHaveLength(2);
      // A closed download ends the generator early; the read already under way is waited for.
      expect(await batches.return(undefined)).toEqual({ done: true, value: undefined });
      expect(await batches.next()).toEqual({ done: true, value: undefined });
    });
  });
});
