import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession } from '../../test/sessions';
import { profileDrafts } from './tables';

const DRAFT = '/api/registration/draft/';

const typed = {
  full_name: 'Priya Sharma',
  aadhaar_number: '9999 9999 0019',
  account_number: '123456789012',
  ifsc_code: 'SBIN00',
};

describe('the registration form draft (issue 18)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('is saved, read back (another device), replaced and removed', async () => {
    const client = await createClientSession(t);
    const none = await t.app.inject({ url: DRAFT, headers: client.headers });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'No saved form found.' });

    const put = await t.app.inject({
      method: 'PUT',
      url: DRAFT,
      headers: client.headers,
      payload: { step: 1, values: typed },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ step: 1, values: typed, updated_at: expect.any(String) });

    const got = await t.app.inject({ url: DRAFT, headers: client.headers });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.json()).toEqual({ step: 1, values: typed, updated_at: expect.any(String) });

    const replaced = await t.app.inject({
      method: 'PUT',
      url: DRAFT,
      headers: client.headers,
      payload: { step: 2, values: { ...typed, city: 'Kochi' } },
    });
    expect(replaced.json()).toMatchObject({ step: 2, values: { city: 'Kochi' } });

    const removed = await t.app.inject({ method: 'DELETE', url: DRAFT, headers: client.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: true });
    expect((await t.app.inject({ url: DRAFT, headers: client.headers })).statusCode).toBe(404);
    // Removing again is not an error.
    const again = await t.app.inject({ method: 'DELETE', url: DRAFT, headers: client.headers });
    expect(again.json()).toEqual({ deleted: false });
  });

  it('stores the values encrypted: no Aadhaar, account number or name in clear', async () => {
    const client = await createClientSession(t);
    await t.app.inject({
      method: 'PUT',
      url: DRAFT,
      headers: client.headers,
      payload: { step: 0, values: typed },
    });
    const [row] = await t.database.db
      .select()
      .from(profileDrafts)
      .where(eq(profileDrafts.userId, client.userId));
    expect(row!.valuesEncrypted).toMatch(/^v1:/);
    for (const secret of ['9999', '123456789012', 'Priya']) {
      expect(row!.valuesEncrypted).not.toContain(secret);
    }
  });

  it("is each client's own: another client never sees it", async () => {
    const owner = await createClientSession(t);
    const other = await createClientSession(t);
    await t.app.inject({
      method: 'PUT',
      url: DRAFT,
      headers: owner.headers,
      payload: { step: 1, values: typed },
    });
    expect((await t.app.inject({ url: DRAFT, headers: other.headers })).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: DRAFT, headers: other.headers });
    expect((await t.app.inject({ url: DRAFT, headers: owner.headers })).statusCode).toBe(200);
  });

  it('needs a signed-in client', async () => {
    expect((await t.app.inject({ url: DRAFT })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: DRAFT, payload: { step: 0, values: {} } });
    expect(put.statusCode).toBe(401);
    const staff = await createStaffSession(t);
    expect((await t.app.inject({ url: DRAFT, headers: staff.headers })).statusCode).toBe(401);
  });

  it.each([
    ['no body', undefined, 'step'],
    ['a step out of range', { step: 3, values: {} }, 'step'],
    ['a step that is not a whole number', { step: 1.5, values: {} }, 'step'],
    ['a step given as text', { step: '1', values: {} }, 'step'],
    ['no values', { step: 0 }, 'values'],
    ['a field the form does not have', { step: 0, values: { password: 'x' } }, 'values'],
    ['a value that is not text', { step: 0, values: { loan_amount: 5 } }, 'values.loan_amount'],
    [
      'a value too long',
      { step: 0, values: { full_address: 'a'.repeat(1001) } },
      'values.full_address',
    ],
    ['a NUL character', { step: 0, values: { city: 'Ko\u0000chi' } }, 'values.city'],
  ])('refuses %s with 400 naming the field', async (_name, payload, field) => {
    const client = await createClientSession(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: DRAFT,
      headers: client.headers,
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.errors ?? {}).join(' ') + body.message).toContain(field.split('.')[0]!);
    expect((await t.app.inject({ url: DRAFT, headers: client.headers })).statusCode).toBe(404);
  });

  it('refuses a body that is not a JSON object', async () => {
    const client = await createClientSession(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: DRAFT,
      headers: { ...client.headers, 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(res.statusCode).toBe(400);
  });
});
