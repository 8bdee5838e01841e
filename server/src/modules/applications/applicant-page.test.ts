import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../plugins/logging';
import { createTestApp, logCapture, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { auditLog } from '../audit';
import { disabledStaffSession } from '../identity-masking/test-support';
import { paymentRows, signedHeaders, webhookBody } from '../payments/test-support';
import { validPayload } from '../registration/test-support';
import { applicationNotes } from './tables';
import { clientWithApplication, transition } from './test-support';

const SIM_SECRET = 'simulator-secret-for-applicant-page-tests';

describe('the applicant page API and notes', () => {
  let t: TestApp;
  let staff: TestSession;
  // Tests below check that no note's text is ever logged: everything is logged here.
  const logs = logCapture();
  beforeAll(async () => {
    t = await createTestApp(
      // The simulator signs its webhooks with this, so a test can send one of its own.
      { PAYMENT_SIMULATOR_SECRET: SIM_SECRET },
      { logger: loggerOptions('trace', logs.stream) },
    );
    staff = await createStaffSession(t, { username: 'priya.staff' });
  }, 120_000);
  afterAll(() => t.close());

  const detail = (id: number, headers = staff.headers) =>
    t.app.inject({ url: `/api/registration/admin/applications/${id}/`, headers });
  const addNote = (id: number, payload: unknown, headers: Record<string, string> = staff.headers) =>
    t.app.inject({
      method: 'POST',
      url: `/api/registration/admin/applications/${id}/notes/`,
      headers,
      payload: payload as Record<string, unknown>,
    });

  it('answers the whole profile, payments, history, notes and the allowed moves', async () => {
    const client = await clientWithApplication(t, 'paid');
    await transition(t, staff.headers, client.registrationId, {
      to: 'under_review',
      expected_status: 'paid',
    });
    const response = await detail(client.registrationId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    const payload = validPayload({ contact_number: client.phone });
    expect(body).toMatchObject({
      id: client.registrationId,
      status: 'under_review',
      delivered: false,
      payments: [],
      notes: [],
      allowed_transitions: ['approved', 'rejected', 'paid'],
      profile: {
        full_name: payload.full_name,
        // Masked (issue 15); POST .../reveal/ shows one, audited.
        aadhaar_number: `XXXX XXXX ${payload.aadhaar_number.replace(/\s/g, '').slice(-4)}`,
        account_number: `XXXXXX${payload.account_number.slice(-4)}`,
        ifsc_code: payload.ifsc_code,
      },
    });
    expect(
      body.history.map((h: { from: string; to: string; by: string }) => [h.from, h.to, h.by]),
    ).toEqual([
      [null, 'draft', null],
      ['paid', 'under_review', 'priya.staff'],
    ]);
  });

  const auditOf = (subject: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, String(subject)))
      .orderBy(asc(auditLog.id));

  it('shows each payment the client made: order, payment id, amount, time and flag', async () => {
    const client = await clientWithApplication(t, 'draft');
    // As the browser pays: open an order, then pay it on the simulator's checkout page.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/registration/cashfree/create-order/',
      headers: client.headers,
      payload: {},
    });
    expect(order.statusCode, order.body).toBe(200);
    const { order_id, payment_session_id } = order.json();
    const before = Date.now();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/payments-simulator/sessions/${payment_session_id}/complete`,
      payload: { outcome: 'SUCCESS', payment_group: 'upi' },
    });
    const after = Date.now();
    expect(paid.json()).toMatchObject({ order_id, payment_status: 'SUCCESS', webhook_status: 200 });
    // Then the gateway reports a second success on that order for the wrong amount: the money
    // is recorded and flagged for a human, and it must show on the page beside the clean one.
    const odd = webhookBody({
      orderId: order_id,
      cfPaymentId: '7700123',
      status: 'SUCCESS',
      amount: 10,
    });
    const flagged = await t.app.inject({
      method: 'POST',
      url: '/api/registration/cashfree/webhook/',
      headers: signedHeaders(SIM_SECRET, odd),
      payload: odd,
    });
    expect(flagged.json()).toEqual({ status: 'flagged' });

    const response = await detail(client.registrationId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('paid');
    const rows = await paymentRows(t, client.registrationId);
    expect(body.payments).toEqual([
      {
        order_id,
        payment_id: paid.json().cf_payment_id,
        amount: 199,
        currency: 'INR',
        status: 'SUCCESS',
        at: rows[0]!.paymentTime!.toISOString(),
        flag: null,
      },
      {
        order_id,
        payment_id: '7700123',
        amount: 10,
        currency: 'INR',
        status: 'SUCCESS',
        // The gateway's payment_time, 2025-05-05T12:20:29+05:30, in UTC.
        at: '2025-05-05T06:50:29.000Z',
        flag: 'amount_mismatch',
      },
    ]);
    // The clean payment's time is when the client paid (the gateway's time is whole seconds).
    const at = Date.parse(body.payments[0].at);
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(after);
  });

  it('audits a note: who, on which application, when and from where, never its text', async () => {
    const { registrationId } = await clientWithApplication(t, 'paid');
    const started = Date.now();
    const text = 'Spoke-to-employer about the salary slip.';
    const response = await addNote(
      registrationId,
      { text: `  ${text}  ` },
      { ...staff.headers, 'x-forwarded-for': '203.0.113.21' },
    );
    expect(response.statusCode).toBe(201);
    const rows = await auditOf(registrationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'application.note_added',
      actorUserId: staff.userId,
      subject: String(registrationId),
      ip: '203.0.113.21',
      details: { note_id: response.json().id, length: text.length },
    });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(rows[0]!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(JSON.stringify(rows)).not.toContain('Spoke-to-employer');
    // The request was logged (so the capture works), its text was not.
    expect(logs.text()).toContain(`/applications/${registrationId}/notes/`);
    expect(logs.text()).not.toContain('Spoke-to-employer');
  });

  it('audits a refused note (bad text, no such application), never its text', async () => {
    const { registrationId } = await clientWithApplication(t, 'paid');
    const headers = { ...staff.headers, 'x-forwarded-for': '203.0.113.22' };
    const tooLong = 'Medical-history '.repeat(130);
    const refusals = [
      await addNote(registrationId, { text: tooLong }, headers),
      await addNote(registrationId, { text: 'Hidden-reason\u0000here' }, headers),
      await addNote(registrationId, { text: 5 }, headers),
      await addNote(registrationId, {}, headers),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    const missing = 2_000_000_000;
    const ghost = await addNote(missing, { text: ' Ghost-applicant note ' }, headers);
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json()).toEqual({ message: 'Application not found.' });

    const bad = { status_code: 400, message: 'Please check the highlighted fields.' };
    const rows = await auditOf(registrationId);
    expect(rows.map((row) => row.details)).toEqual([
      { ...bad, fields: ['text'], length: tooLong.length },
      { ...bad, fields: ['text'], length: 'Hidden-reason\u0000here'.length },
      { ...bad, fields: ['text'], length: null },
      { ...bad, fields: ['text'], length: null },
    ]);
    const ghostRows = await auditOf(missing);
    expect(ghostRows.map((row) => row.details)).toEqual([
      { status_code: 404, message: 'Application not found.', fields: [], length: 20 },
    ]);
    for (const row of [...rows, ...ghostRows]) {
      expect(row).toMatchObject({
        action: 'application.note_refused',
        actorUserId: staff.userId,
        ip: '203.0.113.22',
      });
      expect(row.createdAt).toBeInstanceOf(Date);
    }
    // Nothing was stored as a note, and no text reached the audit log or any log line.
    const notes = await t.database.db
      .select()
      .from(applicationNotes)
      .where(eq(applicationNotes.registrationId, registrationId));
    expect(notes).toEqual([]);
    for (const word of ['Medical-history', 'Hidden-reason', 'Ghost-applicant']) {
      expect(JSON.stringify([...rows, ...ghostRows])).not.toContain(word);
      expect(logs.text()).not.toContain(word);
    }
  });

  it('keeps internal notes from the client, newest first for staff', async () => {
    const client = await clientWithApplication(t, 'paid');
    const first = await addNote(client.registrationId, { text: '  Called the applicant.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ text: 'Called the applicant.', by: 'priya.staff' });
    await addNote(client.registrationId, { text: 'Salary slip requested.' });
    const notes = (await detail(client.registrationId)).json().notes;
    expect(notes.map((n: { text: string }) => n.text)).toEqual([
      'Salary slip requested.',
      'Called the applicant.',
    ]);
    const mine = await t.app.inject({
      url: '/api/registration/application/',
      headers: client.headers,
    });
    expect(mine.body).not.toContain('Salary slip');
    expect(mine.body).not.toContain('priya.staff');
  });

  it.each([
    [{}],
    [{ text: '   ' }],
    [{ text: 5 }],
    [{ text: 'x'.repeat(2001) }],
    [{ text: 'a\u0000b' }],
  ])('refuses the note %j with a message', async (payload) => {
    const client = await clientWithApplication(t, 'paid');
    const response = await addNote(client.registrationId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.text).toBeTruthy();
  });

  it('answers 404 for an application that does not exist', async () => {
    expect((await detail(123456)).statusCode).toBe(404);
    expect((await addNote(123456, { text: 'Hello there' })).statusCode).toBe(404);
  });

  it('shows the client each status with its time, and a draft its creation', async () => {
    const client = await createClientSession(t);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/registration/profile/',
      headers: client.headers,
      payload: validPayload({ contact_number: client.phone }),
    });
    expect(saved.json().history).toEqual([
      { status: 'draft', at: expect.any(String), reason: null },
    ]);
    const status = await t.app.inject({
      url: '/api/registration/registration/status/',
      headers: client.headers,
    });
    expect(status.json().application.history).toHaveLength(1);
  });
});

describe('who may call the lifecycle routes', () => {
  let t: TestApp;
  let staff: TestSession;
  let owner: TestSession & { registrationId: number };
  let other: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await createStaffSession(t);
    owner = await clientWithApplication(t, 'paid');
    other = await createClientSession(t);
  }, 120_000);
  afterAll(() => t.close());

  const routes = (id: number) =>
    [
      ['GET', `/api/registration/admin/applications/${id}/`, undefined],
      [
        'POST',
        `/api/registration/admin/applications/${id}/transition/`,
        { to: 'under_review', expected_status: 'paid' },
      ],
      ['POST', `/api/registration/admin/applications/${id}/notes/`, { text: 'A note here' }],
    ] as const;

  it.each([
    ['anonymous', () => ({}), 401],
    ['the client who owns it', () => owner.headers, 403],
    ['another client', () => other.headers, 403],
  ])('%s is refused', async (_who, headers, code) => {
    for (const [method, url, payload] of routes(owner.registrationId)) {
      const response = await t.app.inject({ method, url, headers: headers(), payload });
      expect(response.statusCode, `${method} ${url}`).toBe(code);
    }
    const detail = await t.app.inject({
      url: `/api/registration/admin/applications/${owner.registrationId}/`,
      headers: staff.headers,
    });
    expect(detail.json().status).toBe('paid');
    expect(detail.json().notes).toEqual([]);
  });

  // The page's read starts beside the staff check (staffReadAlongside): a disabled account gets
  // the check's 401, for an application that exists or not, and nothing of the applicant.
  it('a disabled staff account is refused the page', async () => {
    const disabled = await disabledStaffSession(t);
    for (const id of [owner.registrationId, 999_999]) {
      const response = await t.app.inject({
        url: `/api/registration/admin/applications/${id}/`,
        headers: disabled.headers,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Authentication credentials were not provided or are invalid.',
      });
    }
  });

  it('staff may read, move and note', async () => {
    const codes = [];
    for (const [method, url, payload] of routes(owner.registrationId)) {
      codes.push((await t.app.inject({ method, url, headers: staff.headers, payload })).statusCode);
    }
    expect(codes).toEqual([200, 200, 201]);
  });

  it("a client reads only their own application's history", async () => {
    const response = await t.app.inject({
      url: '/api/registration/application/',
      headers: other.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});
