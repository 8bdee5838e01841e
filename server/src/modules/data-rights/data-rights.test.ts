import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { users } from '../accounts/tables';
import { auditLog } from '../audit';
import { payments } from '../payments/tables';
import { profileDrafts } from '../profile-drafts/tables';
import { profiles, registrationNumbers } from '../registration/tables';
import { newIp, paidClientThroughApi } from './test-support';

const DATA = '/api/accounts/me/data/';
const ERASE = '/api/accounts/me/erase/';

// Issue 18: a client reads back everything held about them, and may have it erased.
describe('data rights', () => {
  let t: TestApp;
  let staff: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_SIMULATOR_SECRET: 'simulator-secret-for-tests-0123456789' });
    staff = await createStaffSession(t);
  }, 120_000);
  afterAll(() => t.close());

  const paidClient = () => paidClientThroughApi(t);

  const erase = (headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method: 'POST', url: ERASE, headers, payload: payload as object });

  describe('GET /api/accounts/me/data/', () => {
    it('gives the client everything held about them, their own full numbers included', async () => {
      const client = await paidClient();
      const res = await t.app.inject({ url: DATA, headers: client.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const data = res.json();
      expect(data.account).toEqual({
        id: client.userId,
        phone_number: client.phone,
        created_at: expect.any(String),
        preferred_language: 'en',
      });
      expect(data.application).toMatchObject({
        application_id: client.registrationId,
        status: 'paid',
        submitted_at: expect.any(String),
        profile: {
          full_name: client.payload.full_name,
          aadhaar_number: client.payload.aadhaar_number.replace(/\s/g, ''),
          account_number: client.payload.account_number,
          pan_number: client.payload.pan_number,
          full_address: client.payload.full_address,
        },
      });
      // Whether RBI's list had the IFSC, as recorded with the profile.
      const [stored] = await t.database.db
        .select({ ifscVerified: profiles.ifscVerified, consentIp: profiles.consentIp })
        .from(profiles)
        .where(eq(profiles.userId, client.userId));
      expect(stored!.ifscVerified).toEqual(expect.any(Boolean));
      expect(data.application.ifsc_verified).toBe(stored!.ifscVerified);
      expect(data.application.history.map((h: { status: string }) => h.status)).toEqual([
        'draft',
        'paid',
      ]);
      expect(data.payment_orders).toEqual([
        expect.objectContaining({ order_id: client.orderId, amount: '199.00', status: 'PAID' }),
      ]);
      expect(data.payments).toEqual([
        expect.objectContaining({
          order_id: client.orderId,
          payment_id: expect.any(String),
          amount: '199.00',
          currency: 'INR',
          status: 'SUCCESS',
          paid_at: expect.any(String),
        }),
      ]);
      // The privacy notice accepted with the profile, when, and from which address.
      expect(stored!.consentIp).toBe(client.ip);
      expect(data.consent).toEqual({
        notice_version: client.payload.consent_notice_version,
        accepted_at: expect.any(String),
        ip_address: client.ip,
      });
      // The form's draft went with the submitted profile.
      expect(data.form_draft).toBeNull();
      // No secret of ours, and nothing staff wrote, travels with it.
      expect(res.body).not.toMatch(/argon2|password|token_hash|note|actor/i);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.actorUserId, client.userId))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry).toMatchObject({ action: 'account.data_exported' });
    });

    it('holds no staff names or notes, even after staff acted on the application', async () => {
      const client = await paidClient();
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/registration/admin/applications/${client.registrationId}/transition/`,
        headers: staff.headers,
        payload: { to: 'under_review', expected_status: 'paid' },
      });
      expect(moved.statusCode).toBe(200);
      const noted = await t.app.inject({
        method: 'POST',
        url: `/api/registration/admin/applications/${client.registrationId}/notes/`,
        headers: staff.headers,
        payload: { text: 'Internal: call the branch about this one' },
      });
      expect(noted.statusCode).toBe(201);
      const res = await t.app.inject({ url: DATA, headers: client.headers });
      expect(res.json().application.status).toBe('under_review');
      expect(res.body).not.toContain('call the branch');
      const [staffRow] = await t.database.db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, staff.userId));
      expect(res.body).not.toContain(staffRow!.username!);
    });

    it('answers a client without an application with their account alone', async () => {
      const client = await createClientSession(t);
      const res = await t.app.inject({ url: DATA, headers: client.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        account: { id: client.userId, phone_number: client.phone, preferred_language: 'en' },
        application: null,
        form_draft: null,
        payment_orders: [],
        payments: [],
        consent: null,
      });
    });

    it('holds the half-filled form as typed (decrypted) and the language of the account', async () => {
      const client = await createClientSession(t);
      const typed = {
        full_name: 'Meera Krishnan',
        aadhaar_number: '9999 9999 0019',
        account_number: '123456789012',
        bank_name: 'HDFC Bank, Kochi',
        ifsc_code: 'HDFC0000',
      };
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/registration/draft/',
        headers: client.headers,
        payload: { step: 1, values: typed },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const language = await t.app.inject({
        method: 'PATCH',
        url: '/api/accounts/me/language/',
        headers: client.headers,
        payload: { language: 'hi' },
      });
      expect(language.statusCode).toBe(200);

      const res = await t.app.inject({ url: DATA, headers: client.headers });
      expect(res.statusCode).toBe(200);
      const data = res.json();
      expect(data.form_draft).toEqual({ step: 1, values: typed, updated_at: expect.any(String) });
      expect(data.account).toMatchObject({ id: client.userId, preferred_language: 'hi' });
      expect(data).toMatchObject({ application: null, consent: null });
      // Stored encrypted, handed over in clear: the copy is theirs to read.
      const [row] = await t.database.db
        .select()
        .from(profileDrafts)
        .where(eq(profileDrafts.userId, client.userId));
      expect(row!.valuesEncrypted).not.toContain('Meera');
      expect(res.body).toContain('Meera Krishnan');
      expect(res.body).not.toMatch(/argon2|password|token_hash|note|actor|v1:/i);
    });

    it("never returns another client's data", async () => {
      const first = await paidClient();
      const second = await createClientSession(t);
      const res = await t.app.inject({ url: DATA, headers: second.headers });
      expect(res.json().account.id).toBe(second.userId);
      expect(res.body).not.toContain(first.phone);
      expect(res.body).not.toContain(first.orderId);
    });

    it('refuses the anonymous and a staff token', async () => {
      const anonymous = await t.app.inject({ url: DATA });
      expect(anonymous.statusCode).toBe(401);
      const asStaff = await t.app.inject({ url: DATA, headers: staff.headers });
      expect(asStaff.statusCode).toBe(401);
      expect(asStaff.json()).toEqual({ message: expect.any(String) });
    });
  });

  describe('POST /api/accounts/me/erase/', () => {
    it('refuses without the right password, and erases nothing', async () => {
      const client = await paidClient();
      const missing = await erase(client.headers, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        message: 'Password is required',
        errors: { password: 'Password is required' },
      });
      const wrong = await erase(client.headers, { password: 'not-my-password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        message: 'The password is incorrect.',
        errors: { password: 'The password is incorrect.' },
      });
      const tooLong = await erase(client.headers, { password: 'x'.repeat(129) });
      expect(tooLong.statusCode).toBe(400);
      const notJson = await t.app.inject({
        method: 'POST',
        url: ERASE,
        headers: { ...client.headers, 'content-type': 'application/json' },
        payload: '{"password":',
      });
      expect(notJson.statusCode).toBe(400);
      const still = await t.app.inject({ url: DATA, headers: client.headers });
      expect(still.statusCode).toBe(200);
      expect(still.json().application.profile.full_name).toBe(client.payload.full_name);
    });

    it('refuses the anonymous and a staff token', async () => {
      expect((await erase({}, { password: 'secret-pass' })).statusCode).toBe(401);
      expect((await erase(staff.headers, { password: 'secret-pass' })).statusCode).toBe(401);
    });

    it('anonymises the person, keeps the payment, ends every session and is audited', async () => {
      const client = await paidClient();
      const [paymentBefore] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.registrationId, client.registrationId));

      const res = await erase(client.headers, { password: client.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message:
          'Your personal data has been erased and you have been signed out. Payment records are kept as the law requires.',
      });
      const cleared = res.cookies.find((c) => c.name === 'client_refresh');
      expect(cleared?.value).toBe('');

      // The access token in hand is refused; so is the refresh cookie and the old password.
      expect((await t.app.inject({ url: DATA, headers: client.headers })).statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/token/refresh/',
        headers: { 'x-portal': 'client' },
        cookies: { client_refresh: client.cookie },
      });
      expect(refresh.statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/auth/login/',
        headers: { 'x-forwarded-for': client.ip },
        payload: { mobile: client.phone, password: client.password },
      });
      expect(login.statusCode).toBe(401);

      const [profile] = await t.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, client.userId));
      expect(profile).toMatchObject({
        fullName: 'Erased',
        contactNumber: '',
        alternativeContactNumber: null,
        aadhaarLast4: '',
        panNumber: '',
        accountLast4: '',
        fullAddress: '',
        city: '',
        state: '',
        pinCode: '',
      });
      const stored = JSON.stringify(profile);
      expect(stored).not.toContain(client.payload.aadhaar_number.replace(/\s/g, ''));
      expect(stored).not.toContain(client.phone);
      // The search's copy of the numbers (registration_numbers) is erased with the profile.
      const [searchable] = await t.database.db
        .select()
        .from(registrationNumbers)
        .where(eq(registrationNumbers.registrationId, client.registrationId));
      expect(searchable).toMatchObject({
        contactNumber: '',
        alternativeContactNumber: null,
        panNumber: '',
        aadhaarLast4: '',
        accountLast4: '',
      });
      const search = await t.app.inject({
        url: `/api/registration/admin/profiles/?search=${client.payload.contact_number}`,
        headers: staff.headers,
      });
      expect(
        search.json().results.map((r: { registration: { id: number } }) => r.registration.id),
      ).not.toContain(client.registrationId);
      const [account] = await t.database.db.select().from(users).where(eq(users.id, client.userId));
      expect(account).toMatchObject({ phoneNumber: null, erasedAt: expect.any(Date) });
      // The consent stays on record (version, time), the address it came from goes.
      expect(profile!.consentNoticeVersion).toBe(client.payload.consent_notice_version);
      expect(profile!.consentIp).toBeNull();

      // The law's part of the payment stays: amount, provider ids, dates; not the customer.
      const [paymentAfter] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.registrationId, client.registrationId));
      expect(paymentAfter).toMatchObject({
        cfPaymentId: paymentBefore!.cfPaymentId,
        orderId: client.orderId,
        amount: 199,
        currency: 'INR',
        status: 'SUCCESS',
        paymentTime: paymentBefore!.paymentTime,
      });
      expect(JSON.stringify(paymentAfter!.raw)).not.toContain(client.phone);

      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'account.erased'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry).toMatchObject({
        actorUserId: client.userId,
        subject: String(client.registrationId),
      });
      expect(JSON.stringify(entry)).not.toContain(client.phone);

      // Staff see "Erased" in the list and on the applicant page.
      const list = await t.app.inject({
        url: '/api/registration/admin/profiles/?page_size=100',
        headers: staff.headers,
      });
      const row = list
        .json()
        .results.find(
          (r: { registration: { id: number } }) => r.registration.id === client.registrationId,
        );
      expect(row).toMatchObject({ full_name: 'Erased', contact_number: '', pan_number: '' });
      const page = await t.app.inject({
        url: `/api/registration/admin/applications/${client.registrationId}/`,
        headers: staff.headers,
      });
      expect(page.json().profile.full_name).toBe('Erased');
      expect(page.json().status).toBe('paid');

      // The number is free: its owner (or its next owner) can sign up again.
      const again = await signUpThroughApi(t, { phone: client.phone, ip: newIp() });
      expect(again.userId).not.toBe(client.userId);
      const fresh = await t.app.inject({
        url: DATA,
        headers: { authorization: `Bearer ${again.access}` },
      });
      expect(fresh.json()).toMatchObject({ application: null, payments: [] });
    });

    it('ends the sessions of every device, not only the one that asked', async () => {
      const client = await paidClient();
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/auth/login/',
        headers: { 'x-forwarded-for': client.ip },
        payload: { mobile: client.phone, password: client.password },
      });
      expect(other.statusCode).toBe(200);
      const otherCookie = other.cookies.find((c) => c.name === 'client_refresh')!.value;
      expect((await erase(client.headers, { password: client.password })).statusCode).toBe(200);
      const otherAccess = { authorization: `Bearer ${other.json().access}` };
      expect((await t.app.inject({ url: DATA, headers: otherAccess })).statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/token/refresh/',
        headers: { 'x-portal': 'client' },
        cookies: { client_refresh: otherCookie },
      });
      expect(refresh.statusCode).toBe(401);
    });

    it('erases a client who never applied, half-filled form included', async () => {
      const ip = newIp();
      const client = await signUpThroughApi(t, { ip });
      const draft = await t.app.inject({
        method: 'PUT',
        url: '/api/registration/draft/',
        headers: { authorization: `Bearer ${client.access}` },
        payload: { step: 1, values: { full_name: 'Priya Sharma', aadhaar_number: '999999990019' } },
      });
      expect(draft.statusCode, draft.body).toBe(200);
      const res = await erase(
        { authorization: `Bearer ${client.access}` },
        { password: client.password },
      );
      expect(res.statusCode).toBe(200);
      const [account] = await t.database.db.select().from(users).where(eq(users.id, client.userId));
      expect(account!.phoneNumber).toBeNull();
      const drafts = await t.database.db
        .select()
        .from(profileDrafts)
        .where(eq(profileDrafts.userId, client.userId));
      expect(drafts).toEqual([]);
    });
  });
});
