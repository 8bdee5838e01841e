import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession } from '../../test/sessions';
import { users } from '../accounts/tables';
import { clientWithApplication } from '../applications/test-support';
import { validPayload } from './test-support';

const APPLICATION = '/api/registration/application/';
const STATUS = '/api/registration/registration/status/';
const NOT_SIGNED_IN = 'Authentication credentials were not provided or are invalid.';

// The client's two reads of their application send one statement that also carries the sign-in
// check's row (app.clientReadWithSignIn): every refusal requireClient gave must still hold, and
// no refused request may carry any of the application.
describe("the client's application read with its sign-in check in one statement", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, token: string) =>
    t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

  it('answers the application, its history and the status read as the service reads them', async () => {
    const client = await clientWithApplication(t, 'paid');
    const application = await get(APPLICATION, client.token);
    expect(application.statusCode).toBe(200);
    const body = application.json();
    expect(body).toMatchObject({
      application_id: client.registrationId,
      status: 'paid',
      profile: {
        full_name: 'Priya Sharma',
        contact_number: client.phone,
        // Decrypted for its owner, as stored.
        aadhaar_number: '999999990019',
        account_number: '123456789012',
        loan_amount: 250000,
      },
    });
    expect(body.history.length).toBeGreaterThan(0);
    const status = await get(STATUS, client.token);
    expect(status.json()).toEqual({ exists: true, application: body });
  });

  it('answers 404 and "exists: false" to a signed-in client with no application', async () => {
    const client = await createClientSession(t);
    const res = await get(APPLICATION, client.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No application found.' });
    expect((await get(STATUS, client.token)).json()).toEqual({ exists: false, application: null });
  });

  it('refuses, with none of the application, whatever requireClient refused', async () => {
    const client = await clientWithApplication(t, 'paid');
    const refusals: [string, string][] = [
      ['no token', ''],
      ['a malformed token', 'nope'],
      ['an admin-portal token', await t.app.accessTokens.issue(client.userId, 'admin')],
      ['a user who does not exist', await t.app.accessTokens.issue(999_999, 'client')],
    ];
    for (const [, token] of refusals) {
      for (const url of [APPLICATION, STATUS]) {
        const res = token
          ? await get(url, token)
          : await t.app.inject({ url, headers: {} as Record<string, string> });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: NOT_SIGNED_IN });
      }
    }
  });

  it('refuses a token after its logout, a disabled account and a password reset', async () => {
    const { phone, access, cookie } = await signUpThroughApi(t);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/registration/profile/',
      headers: { authorization: `Bearer ${access}` },
      payload: validPayload({ contact_number: phone }),
    });
    expect(saved.statusCode).toBe(201);
    expect((await get(APPLICATION, access)).json().profile.full_name).toBe('Priya Sharma');
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/logout/',
      headers: { authorization: `Bearer ${access}`, cookie: `client_refresh=${cookie}` },
    });
    for (const url of [APPLICATION, STATUS]) {
      const res = await get(url, access);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: NOT_SIGNED_IN });
    }

    const disabled = await clientWithApplication(t, 'paid');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.userId));
    for (const url of [APPLICATION, STATUS]) {
      const res = await get(url, disabled.token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: NOT_SIGNED_IN });
    }

    const reset = await clientWithApplication(t, 'paid');
    const token = await t.app.accessTokens.issue(reset.userId, 'client', randomUUID());
    await t.database.db
      .update(users)
      .set({ sessionsValidAfter: new Date(Date.now() + 60_000) })
      .where(eq(users.id, reset.userId));
    for (const url of [APPLICATION, STATUS]) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: NOT_SIGNED_IN });
    }
  });

  it('answers in the account language once signed in (the check set request.user)', async () => {
    const client = await createClientSession(t);
    await t.database.db
      .update(users)
      .set({ preferredLanguage: 'hi' })
      .where(eq(users.id, client.userId));
    const res = await get(APPLICATION, client.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/[\u0900-\u097F]/);
  });
});
