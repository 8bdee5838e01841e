import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { auditLog } from '../audit';
import { profiles } from './tables';
import { insertApplicant, validPayload } from './test-support';

const PROFILE = '/api/registration/profile/';

/** Input no screen sends, from a script or a broken client: always a 4xx that says what is wrong. */
describe('registration routes refuse bad input with a 4xx and a message', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  describe('profile body', () => {
    let client: TestSession;
    beforeAll(async () => {
      client = await createClientSession(t);
    });
    const post = (payload: unknown, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: PROFILE,
        headers: { ...client.headers, 'content-type': contentType },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const storedProfiles = () =>
      t.database.db.select().from(profiles).where(eq(profiles.userId, client.userId));

    it.each([
      ['aadhaar_number', 999999990019],
      ['loan_amount', 250000],
      ['city', true],
      ['full_name', ['Priya Sharma']],
      ['aadhaar_number', ['9999', '9999', '0019']],
      ['account_number', { number: '123456789012' }],
    ])('%s = %j: must be a string, and the value is not echoed', async (field, value) => {
      const res = await post(validPayload({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please check the highlighted fields.',
        errors: { [field]: 'Must be a string' },
      });
      expect(res.body).not.toMatch(/9999|250000|Priya|1234/);
      expect(await storedProfiles()).toEqual([]);
    });

    it('an account number sent as a JSON number is refused, never stored rounded', async () => {
      // 18 digits do not survive as a JavaScript number: it would become ...345680.
      const body = JSON.stringify(validPayload()).replace(
        '"account_number":"123456789012"',
        '"account_number":123456789012345678',
      );
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ account_number: 'Must be a string' });
      expect(await storedProfiles()).toEqual([]);
    });

    it.each([
      ['an array', '[]'],
      ['a string', '"full_name"'],
      ['a number', '42'],
    ])('a body that is %s: says the profile must be an object', async (_, body) => {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body must be a JSON object.' });
    });

    it('a text/plain body: the same', async () => {
      const res = await post('full_name=Priya', 'text/plain');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body must be a JSON object.' });
    });

    it.each([
      ['full_name', 150],
      ['bank_name', 150],
      ['city', 100],
      ['full_address', 500],
    ])('%s longer than its limit (%i)', async (field, length) => {
      const res = await post(validPayload({ [field]: 'A'.repeat(length + 1) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please check the highlighted fields.',
        errors: { [field]: `Maximum ${length} characters` },
      });
      expect(await storedProfiles()).toEqual([]);
    });

    it('keeps the longest values that fit', async () => {
      const other = await createClientSession(t);
      const res = await t.app.inject({
        method: 'POST',
        url: PROFILE,
        headers: other.headers,
        payload: validPayload({
          full_name: 'A'.repeat(150),
          bank_name: 'B'.repeat(150),
          city: 'C'.repeat(100),
          full_address: 'D'.repeat(500),
        }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().profile).toMatchObject({
        full_name: 'A'.repeat(150),
        bank_name: 'B'.repeat(150),
        city: 'C'.repeat(100),
        full_address: 'D'.repeat(500),
      });
    });

    it.each([
      ['full_address', '12 MG Road\u0000, Bengaluru'],
      ['bank_name', 'State\u0000Bank'],
    ])('%s with a NUL character', async (field, value) => {
      const res = await post(validPayload({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please check the highlighted fields.',
        errors: { [field]: 'Contains a character that is not allowed' },
      });
    });

    it('still takes an address over several lines', async () => {
      const other = await createClientSession(t);
      const res = await t.app.inject({
        method: 'POST',
        url: PROFILE,
        headers: other.headers,
        payload: validPayload({ full_address: '12, MG Road\nIndiranagar' }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().profile.full_address).toBe('12, MG Road\nIndiranagar');
    });
  });
  describe('list and export filters', () => {
    let staff: TestSession;
    beforeAll(async () => {
      staff = await createStaffSession(t);
      await insertApplicant(t, { createdAt: new Date('2026-01-10T10:00:00Z') });
    });
    const get = (url: string) => t.app.inject({ url, headers: staff.headers });
    const LIST = '/api/registration/admin/profiles/';
    const EXPORT = '/api/registration/admin/profiles/export/';

    it.each([LIST, EXPORT])('%s: a NUL character in search', async (path) => {
      const res = await get(`${path}?search=ab%00c`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'search contains a character that is not allowed' });
    });

    it.each([
      [LIST, 'from_date=0001-01-01', 'from_date'],
      [LIST, 'to_date=0000-12-31', 'to_date'],
      [EXPORT, 'from_date=0000-01-01', 'from_date'],
      [LIST, 'from_date=1899-12-31', 'from_date'],
    ])('%s?%s: a date outside the years the list can hold', async (path, query, key) => {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: `${key} must be a date between 1900-01-01 and 9999-12-31`,
      });
    });

    it('takes the first and last days it allows', async () => {
      const res = await get(`${LIST}?from_date=1900-01-01&to_date=9999-12-31`);
      expect(res.statusCode).toBe(200);
      expect(res.json().pagination.total_items).toBeGreaterThan(0);
    });
  });
  describe('client address', () => {
    // Behind a proxy (TRUST_PROXY) the address comes from X-Forwarded-For, which the caller writes.
    const forwarded = { 'x-forwarded-for': `${'f'.repeat(100)}, 10.0.0.1` };

    it('a forwarded address longer than any IP still toggles, and the audit row is written', async () => {
      const staff = await createStaffSession(t);
      const { registration } = await insertApplicant(t, { createdAt: new Date() });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/registration/registration/${registration.id}/toggle-delivered/`,
        headers: { ...staff.headers, ...forwarded },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: registration.id, delivered: true });
      const rows = await t.database.db
        .select({ ip: auditLog.ip })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'registration.delivered'),
            eq(auditLog.subject, String(registration.id)),
          ),
        );
      expect(rows).toEqual([{ ip: expect.stringMatching(/^f+$/) }]);
    });

    it('the same for an export', async () => {
      const staff = await createStaffSession(t);
      const res = await t.app.inject({
        url: '/api/registration/admin/profiles/export/',
        headers: { ...staff.headers, ...forwarded },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
    });
  });
});
