import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { validPayload } from '../registration/test-support';
import { clientWithApplication, transition } from './test-support';

describe('the applicant page API and notes', () => {
  let t: TestApp;
  let staff: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await createStaffSession(t, { username: 'priya.staff' });
  }, 120_000);
  afterAll(() => t.close());

  const detail = (id: number, headers = staff.headers) =>
    t.app.inject({ url: `/api/registration/admin/applications/${id}/`, headers });
  const addNote = (id: number, payload: unknown, headers = staff.headers) =>
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
