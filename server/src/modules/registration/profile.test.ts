import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession } from '../../test/sessions';
import { profiles, registrations } from './tables';
import { validPayload } from './test-support';

const PROFILE = '/api/registration/profile/';
const STATUS = '/api/registration/registration/status/';
const APPLICATION = '/api/registration/application/';

describe('client registration routes', () => {
  let t: TestApp;
  // Generous: opening PGlite (WebAssembly) is slow on a loaded machine.
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('creates the profile and a draft registration, then returns the application', async () => {
    const client = await createClientSession(t);
    const res = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: client.headers,
      payload: validPayload(),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      application_id: expect.any(Number),
      status: 'draft',
      submitted_at: expect.any(String),
      history: [{ status: 'draft', at: body.submitted_at, reason: null }],
      profile: {
        full_name: 'Priya Sharma',
        contact_number: '9876543210',
        alternative_contact_number: '8123456789',
        aadhaar_number: '999999990019',
        pan_number: 'ABCPS1234K',
        bank_name: 'State Bank of India',
        account_number: '123456789012',
        ifsc_code: 'SBIN0001234',
        full_address: '12, MG Road, Indiranagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        pin_code: '560038',
        loan_type: 'Personal Loan',
        loan_amount: 250000,
      },
    });
    const [registration] = await t.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.userId, client.userId));
    expect(registration).toMatchObject({
      id: body.application_id,
      status: 'draft',
      delivered: false,
      submittedAt: null,
    });
    // A draft's submitted_at is its creation time.
    expect(new Date(body.submitted_at).getTime()).toBe(registration!.createdAt.getTime());
  });

  it('stores no plaintext Aadhaar or account number in the database', async () => {
    const client = await createClientSession(t);
    const res = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: client.headers,
      payload: validPayload({ aadhaar_number: '7040 7441 2513', account_number: '50100123456789' }),
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.execute<Record<string, unknown>>(
      sql`select row_to_json(p)::text as json from profiles p where user_id = ${client.userId}`,
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      json: string;
    }[];
    expect(list).toHaveLength(1);
    const raw = list[0]!.json;
    expect(raw).not.toContain('704074412513');
    expect(raw).not.toContain('7040 7441 2513');
    expect(raw).not.toContain('50100123456789');
    expect(raw).toContain('"aadhaar_last4":"2513"');
    expect(raw).toContain('"account_last4":"6789"');
  });

  it('updates the same profile on a second submission instead of creating another', async () => {
    const client = await createClientSession(t);
    const first = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: client.headers,
      payload: validPayload(),
    });
    const second = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: client.headers,
      payload: validPayload({
        city: 'Mysuru',
        loan_amount: '500000',
        alternative_contact_number: '',
      }),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().application_id).toBe(first.json().application_id);
    expect(second.json().profile).toMatchObject({
      city: 'Mysuru',
      loan_amount: 500000,
      alternative_contact_number: '',
    });
    const rows = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, client.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.alternativeContactNumber).toBeNull();
  });

  it('takes a null alternative contact number as none, like an empty one', async () => {
    const client = await createClientSession(t);
    const res = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: client.headers,
      payload: { ...validPayload(), alternative_contact_number: null },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().profile.alternative_contact_number).toBe('');
    const rows = await t.database.db
      .select({ alternative: profiles.alternativeContactNumber })
      .from(profiles)
      .where(eq(profiles.userId, client.userId));
    expect(rows).toEqual([{ alternative: null }]);
  });

  it('freezes the profile once the registration is paid (409)', async () => {
    const client = await createClientSession(t);
    const created = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: client.headers,
      payload: validPayload(),
    });
    await t.database.db
      .update(registrations)
      .set({ status: 'paid', submittedAt: new Date('2026-01-05T10:00:00Z') })
      .where(eq(registrations.id, created.json().application_id));
    const res = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: client.headers,
      payload: validPayload({ full_name: 'Someone Else' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Your application has been submitted and can no longer be changed.',
    });
    const [row] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, client.userId));
    expect(row!.fullName).toBe('Priya Sharma');
    // Once paid, submitted_at is the payment time.
    const app = await t.app.inject({ url: APPLICATION, headers: client.headers });
    expect(app.json()).toMatchObject({ status: 'paid', submitted_at: '2026-01-05T10:00:00.000Z' });
  });

  it('answers status and application with the caller’s own application only', async () => {
    const a = await createClientSession(t);
    const b = await createClientSession(t);
    await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: a.headers,
      payload: validPayload({ full_name: 'Client A' }),
    });

    const statusA = await t.app.inject({ url: STATUS, headers: a.headers });
    expect(statusA.statusCode).toBe(200);
    expect(statusA.json()).toMatchObject({
      exists: true,
      application: { status: 'draft', profile: { full_name: 'Client A' } },
    });
    const appA = await t.app.inject({ url: APPLICATION, headers: a.headers });
    expect(appA.json()).toEqual(statusA.json().application);

    const statusB = await t.app.inject({ url: STATUS, headers: b.headers });
    expect(statusB.json()).toEqual({ exists: false, application: null });
    const appB = await t.app.inject({ url: APPLICATION, headers: b.headers });
    expect(appB.statusCode).toBe(404);
    expect(appB.json()).toEqual({ message: 'No application found.' });

    // B's submission creates B's own application and never touches A's.
    await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: b.headers,
      payload: validPayload({ full_name: 'Client B' }),
    });
    const again = await t.app.inject({ url: APPLICATION, headers: a.headers });
    expect(again.json().profile.full_name).toBe('Client A');
    expect((await t.app.inject({ url: APPLICATION, headers: b.headers })).json()).toMatchObject({
      profile: { full_name: 'Client B' },
    });
  });

  it('refuses anonymous callers with 401 on every client route', async () => {
    for (const [method, url] of [
      ['POST', PROFILE],
      ['GET', STATUS],
      ['GET', APPLICATION],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('does not let a staff token stand in for a client on the client routes', async () => {
    const admin = await createStaffSession(t);
    const res = await t.app.inject({ url: STATUS, headers: admin.headers });
    expect([401, 403]).toContain(res.statusCode);
  });

  describe('validation (spec section 5 messages, 400 with one message per field)', () => {
    let headers: { authorization: string };
    beforeAll(async () => {
      headers = (await createClientSession(t)).headers;
    });

    const cases: [field: string, value: string, message: string][] = [
      ['full_name', '', 'Full name is required'],
      ['full_name', 'A', 'Minimum 2 characters'],
      ['full_name', 'Priya 123', 'Please enter a valid name'],
      ['contact_number', '', 'Contact number is required'],
      ['contact_number', '5876543210', 'Please enter a valid 10-digit mobile number'],
      ['contact_number', '98765', 'Please enter a valid 10-digit mobile number'],
      ['aadhaar_number', '', 'Aadhaar number is required'],
      ['aadhaar_number', '1234', 'Please enter a valid 12-digit Aadhaar number'],
      ['aadhaar_number', '99999999001x', 'Please enter a valid 12-digit Aadhaar number'],
      ['pan_number', '', 'PAN number is required'],
      ['pan_number', 'abcps1234k', 'Please enter a valid PAN'],
      ['loan_amount', '', 'Loan amount is required'],
      ['loan_amount', '0123', 'Enter a valid loan amount'],
      ['loan_amount', '12345678', 'Enter a valid loan amount'],
      ['loan_type', '', 'Please select a loan type'],
      ['bank_name', '', 'Bank name is required'],
      ['bank_name', 'S', 'Minimum 2 characters'],
      ['account_number', '', 'Account number is required'],
      ['account_number', '12345678', 'Enter a valid 9-18 digit account number'],
      ['ifsc_code', '', 'IFSC code is required'],
      ['ifsc_code', 'SBIN1001234', 'Enter a valid IFSC code (e.g., ABCD0123456)'],
      ['full_address', '', 'Address is required'],
      ['full_address', 'MG Road', 'Minimum 10 characters'],
      ['alternative_contact_number', '12345', 'Please enter a valid 10-digit mobile number'],
      ['city', '', 'City is required'],
      ['city', 'B', 'Minimum 2 characters'],
      ['city', 'Bengaluru 1', 'Please enter a valid city name'],
      ['pin_code', '', 'PIN code is required'],
      ['pin_code', '060038', 'Please enter a valid 6-digit PIN code'],
      ['state', '', 'Please select your state'],
    ];

    it.each(cases)('%s = %j -> %s', async (field, value, message) => {
      const res = await t.app.inject({
        method: 'POST',
        url: PROFILE,
        headers,
        payload: validPayload({ [field]: value }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), errors: { [field]: message } });
      // The submitted value is never echoed back (it may be an Aadhaar or account number).
      if (value.length > 4) expect(res.body).not.toContain(value);
    });

    it('reports every failing field at once, and stores nothing', async () => {
      const client = await createClientSession(t);
      const res = await t.app.inject({
        method: 'POST',
        url: PROFILE,
        headers: client.headers,
        // Consent given, every field missing.
        payload: { consent_notice_version: t.config.privacyNoticeVersion },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        full_name: 'Full name is required',
        contact_number: 'Contact number is required',
        aadhaar_number: 'Aadhaar number is required',
        account_number: 'Account number is required',
        state: 'Please select your state',
      });
      const rows = await t.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, client.userId));
      expect(rows).toHaveLength(0);
    });
  });
});
