import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { clientWithApplication } from '../applications/test-support';
import { auditLog } from '../audit';
import { validPayload } from '../registration/test-support';
import { disabledStaffSession } from './test-support';

// Issue 15: every staff member saw every full Aadhaar and account number. Now staff see the last
// four digits, and reveal one number at a time, each reveal in the audit log.
describe('revealing an identity number', () => {
  let t: TestApp;
  let staff: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await createStaffSession(t, { username: 'asha.staff' });
  }, 120_000);
  afterAll(() => t.close());

  const reveal = (id: number, field: unknown, headers: Record<string, string> = staff.headers) =>
    t.app.inject({
      method: 'POST',
      url: `/api/registration/admin/applications/${id}/reveal/`,
      headers,
      payload: { field },
    });

  it('answers the full number to staff, records who saw which field of whom, and caches nothing', async () => {
    const client = await clientWithApplication(t, 'paid');
    const payload = validPayload({ contact_number: client.phone });
    const aadhaar = await reveal(client.registrationId, 'aadhaar_number');
    expect(aadhaar.statusCode).toBe(200);
    expect(aadhaar.headers['cache-control']).toBe('no-store');
    expect(aadhaar.json()).toEqual({
      field: 'aadhaar_number',
      value: payload.aadhaar_number.replace(/\s/g, ''),
    });
    const [entry] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      actorUserId: staff.userId,
      action: 'applicant.number_revealed',
      subject: String(client.registrationId),
      details: { field: 'aadhaar_number' },
    });
    // The audit entry names the field, never the number.
    expect(JSON.stringify(entry)).not.toContain(payload.aadhaar_number.replace(/\s/g, ''));

    const account = await reveal(client.registrationId, 'account_number');
    expect(account.json()).toEqual({ field: 'account_number', value: payload.account_number });

    // The client still reads their own full numbers.
    const own = await t.app.inject({
      url: '/api/registration/application/',
      headers: client.headers,
    });
    expect(own.json().profile.aadhaar_number).toBe(payload.aadhaar_number.replace(/\s/g, ''));
  });

  it('refuses another field, an unknown application, a client and the anonymous', async () => {
    const client = await clientWithApplication(t, 'paid');
    const other = await reveal(client.registrationId, 'pan_number');
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({
      field: 'Only aadhaar_number or account_number can be revealed.',
    });
    expect((await reveal(999_999, 'aadhaar_number')).statusCode).toBe(404);
    const stranger = await createClientSession(t);
    expect(
      (await reveal(client.registrationId, 'aadhaar_number', stranger.headers)).statusCode,
    ).toBe(403);
    expect((await reveal(client.registrationId, 'aadhaar_number', {})).statusCode).toBe(401);
    const reveals = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'applicant.number_revealed'));
    expect(reveals).toHaveLength(2);
  });

  // The authz matrix of issue 15 for this route: every kind of caller, and a reveal in the audit
  // log only for those let in.
  describe('for each kind of caller', () => {
    const callers: Record<string, () => Promise<Record<string, string>>> = {
      anonymous: async () => ({}),
      client: async () => (await createClientSession(t)).headers,
      staff: async () => staff.headers,
      superuser: async () => (await createStaffSession(t, { superuser: true })).headers,
      'disabled staff': async () => (await disabledStaffSession(t)).headers,
    };
    const expected: [keyof typeof callers & string, number][] = [
      ['anonymous', 401],
      ['client', 403],
      ['staff', 200],
      ['superuser', 200],
      ['disabled staff', 401],
    ];

    it.each(expected)('%s → %i', async (caller, status) => {
      const client = await clientWithApplication(t, 'paid');
      const headers = await callers[caller]!();
      const before = await t.database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.action, 'applicant.number_revealed'));
      const res = await reveal(client.registrationId, 'account_number', headers);
      expect(res.statusCode, res.body).toBe(status);
      const after = await t.database.db
        .select({ id: auditLog.id, subject: auditLog.subject })
        .from(auditLog)
        .where(eq(auditLog.action, 'applicant.number_revealed'));
      if (status === 200) {
        expect(res.json()).toEqual({ field: 'account_number', value: expect.any(String) });
        expect(after).toHaveLength(before.length + 1);
        expect(after.map((entry) => entry.subject)).toContain(String(client.registrationId));
      } else {
        expect(res.json()).toEqual({ message: expect.any(String) });
        expect(res.body).not.toMatch(/\d{9,}/);
        expect(after).toHaveLength(before.length);
      }
    });
  });
});
