import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaffSession, type TestSession } from '../../test/sessions';
import { insertApplicants } from './test-support';

const LIST = '/api/registration/admin/profiles/';
const NOW = new Date('2026-06-15T06:30:00Z');

/** The list and the export filtered by status (comma-separated), exact totals included. */
describe('status filter of the applicants list and the export', () => {
  let t: TestApp;
  let staff: TestSession;
  const counts = { draft: 3, paid: 2, under_review: 4, approved: 1, rejected: 2 } as const;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    staff = await createStaffSession(t);
    const list = Object.entries(counts).flatMap(([status, n]) =>
      Array.from({ length: n }, (_, i) => ({
        createdAt: new Date(NOW.getTime() - (i + 1) * 3_600_000),
        status,
        submittedAt: status === 'draft' ? null : NOW,
      })),
    );
    await insertApplicants(t, list);
  }, 120_000);
  afterAll(() => t.close());

  const list = (query: string) => t.app.inject({ url: `${LIST}?${query}`, headers: staff.headers });

  it.each([
    ['under_review', 4],
    ['paid,under_review', 6],
    ['approved, rejected', 3],
    ['closed', 0],
  ])('status=%s lists %i applicants, counted exactly', async (status, total) => {
    // page_size=1: the total must come from a count, not from the page's length.
    const response = await list(`page_size=1&status=${encodeURIComponent(status)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().pagination.total_items).toBe(total);
    const all = await list(`page_size=100&status=${encodeURIComponent(status)}`);
    const wanted = status.split(',').map((s) => s.trim());
    for (const row of all.json().results) expect(wanted).toContain(row.registration.status);
    expect(all.json().results).toHaveLength(total);
  });

  it('combines with a search and a date range', async () => {
    const response = await list('status=draft&from_date=2026-06-15&to_date=2026-06-15&search=a');
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .results.every(
          (r: { registration: { status: string } }) => r.registration.status === 'draft',
        ),
    ).toBe(true);
  });

  it('ignores empty items of the list', async () => {
    const response = await list('page_size=1&status=paid,,');
    expect(response.json().pagination.total_items).toBe(2);
  });

  it.each(['funded', 'PAID', 'paid;drop'])('refuses status=%s with a message', async (status) => {
    const response = await list(`status=${encodeURIComponent(status)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^status must be a comma-separated list of draft, /);
  });

  it('exports only the statuses asked for', async () => {
    const response = await t.app.inject({
      url: '/api/registration/admin/profiles/export/?status=under_review,approved',
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const statusColumn = header.findIndex((h) => /status/i.test(h));
    const statuses = [];
    for (let r = 2; r <= sheet.rowCount; r += 1)
      statuses.push(String(sheet.getRow(r).getCell(statusColumn).value));
    expect(statuses.sort()).toEqual([
      'approved',
      'under_review',
      'under_review',
      'under_review',
      'under_review',
    ]);
  });
});
