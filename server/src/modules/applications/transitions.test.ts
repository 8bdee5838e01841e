import { APPLICATION_STATUSES, TRANSITION_CONFLICT_MESSAGE } from '@loan-portal/api-client';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaffSession, type TestSession } from '../../test/sessions';
import { auditLog } from '../audit';
import { registrations } from '../registration/tables';
import { clientWithApplication, transition } from './test-support';

const LEGAL = new Set([
  'paid>under_review',
  'under_review>approved',
  'under_review>rejected',
  'under_review>paid',
  'approved>active',
  'active>closed',
]);
const REASON = 'Income documents could not be verified.';

describe('application transitions', () => {
  let t: TestApp;
  let staff: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await createStaffSession(t, { username: 'reviewer' });
  }, 120_000);
  afterAll(() => t.close());

  const statusOf = async (id: number) => {
    const [row] = await t.database.db
      .select({ status: registrations.status })
      .from(registrations)
      .where(eq(registrations.id, id));
    return row!.status;
  };

  describe('every pair of statuses', () => {
    const pairs = APPLICATION_STATUSES.flatMap((from) =>
      APPLICATION_STATUSES.map((to) => [from, to] as const),
    );
    it.each(pairs)('%s -> %s', async (from, to) => {
      const { registrationId } = await clientWithApplication(t, from);
      const response = await transition(t, staff.headers, registrationId, {
        to,
        expected_status: from,
        reason: REASON,
      });
      if (LEGAL.has(`${from}>${to}`)) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ id: registrationId, status: to });
        expect(response.json().history.at(-1)).toMatchObject({ from, to, by: 'reviewer' });
        expect(await statusOf(registrationId)).toBe(to);
      } else {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().message).toMatch(
          /^An application that is .+ cannot be moved to .+\.$/,
        );
        expect(await statusOf(registrationId)).toBe(from);
      }
    });
  });

  it('refuses a move from a status the application has left, with the exact message', async () => {
    const { registrationId } = await clientWithApplication(t, 'under_review');
    const response = await transition(t, staff.headers, registrationId, {
      to: 'under_review',
      expected_status: 'paid',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: TRANSITION_CONFLICT_MESSAGE });
  });

  it('of 20 concurrent tries of one move exactly one wins; the others are told why', async () => {
    const { registrationId } = await clientWithApplication(t, 'paid');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        transition(t, staff.headers, registrationId, {
          to: 'under_review',
          expected_status: 'paid',
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().message).toBe(TRANSITION_CONFLICT_MESSAGE);
    }
    const detail = await t.app.inject({
      url: `/api/registration/admin/applications/${registrationId}/`,
      headers: staff.headers,
    });
    expect(
      detail.json().history.filter((h: { to: string }) => h.to === 'under_review'),
    ).toHaveLength(1);
  });

  it('a rejection needs a reason of at least 10 characters, which the client then reads', async () => {
    const client = await clientWithApplication(t, 'under_review');
    for (const reason of [undefined, '', 'too short', '   short   ']) {
      const response = await transition(t, staff.headers, client.registrationId, {
        to: 'rejected',
        expected_status: 'under_review',
        ...(reason === undefined ? {} : { reason }),
      });
      expect(response.statusCode, String(reason)).toBe(400);
      expect(response.json().errors).toEqual({
        reason: 'Please give a reason of at least 10 characters.',
      });
    }
    const rejected = await transition(t, staff.headers, client.registrationId, {
      to: 'rejected',
      expected_status: 'under_review',
      reason: `  ${REASON}  `,
    });
    expect(rejected.statusCode).toBe(200);
    const mine = await t.app.inject({
      url: '/api/registration/application/',
      headers: client.headers,
    });
    expect(mine.json().status).toBe('rejected');
    expect(mine.json().history.at(-1)).toEqual({
      status: 'rejected',
      at: expect.any(String),
      reason: REASON,
    });
  });

  it.each([
    [{ to: 'approved' }, 'expected_status'],
    [{ expected_status: 'paid' }, 'to'],
    [{ to: 'funded', expected_status: 'paid' }, 'to'],
    [{ to: 'under_review', expected_status: 'paid', extra: 1 }, ''],
  ])('answers 400 with a message for %j', async (body, field) => {
    const { registrationId } = await clientWithApplication(t, 'paid');
    const response = await transition(t, staff.headers, registrationId, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
    if (field) expect(response.json().errors[field]).toBeTruthy();
    expect(await statusOf(registrationId)).toBe('paid');
  });

  it('answers 404 for an unknown or malformed id, never 500', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/registration/admin/applications/${id}/transition/`,
        headers: staff.headers,
        payload: { to: 'under_review', expected_status: 'paid' },
      });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'Application not found.' });
    }
  });

  it('audits every move and every refused try: who, what, when, from where', async () => {
    const { registrationId } = await clientWithApplication(t, 'paid');
    await t.app.inject({
      method: 'POST',
      url: `/api/registration/admin/applications/${registrationId}/transition/`,
      headers: { ...staff.headers, 'x-forwarded-for': '203.0.113.9' },
      payload: { to: 'under_review', expected_status: 'paid' },
    });
    await transition(t, staff.headers, registrationId, {
      to: 'active',
      expected_status: 'under_review',
    });
    await transition(t, staff.headers, registrationId, {
      to: 'rejected',
      expected_status: 'under_review',
    });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, String(registrationId))))
      .orderBy(asc(auditLog.id));
    const actions = rows.map((row) => row.action);
    expect(actions).toEqual([
      'application.transitioned',
      'application.transition_refused',
      'application.transition_refused',
    ]);
    expect(rows[0]).toMatchObject({
      actorUserId: staff.userId,
      ip: '203.0.113.9',
      details: { from: 'paid', to: 'under_review', reason_given: false },
    });
    expect(rows[1]!.details).toMatchObject({ to: 'active', status_code: 409 });
    expect(rows[2]!.details).toMatchObject({ to: 'rejected', status_code: 400 });
    expect(rows.every((row) => row.createdAt instanceof Date)).toBe(true);
  });
});
