import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaffSession, type TestSession } from '../../test/sessions';
import { clientWithApplication, transition } from '../applications/test-support';

/**
 * The client's GET application reads its history in the same statement as the application (one
 * round trip); what it answers must be staff's history, entry by entry, less what staff alone see.
 */
describe("the client's history beside staff's", () => {
  let t: TestApp;
  let staff: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await createStaffSession(t, { username: 'history-reviewer' });
  }, 120_000);
  afterAll(() => t.close());

  it('has every change at the same millisecond, oldest first, with only a rejection reason', async () => {
    const client = await clientWithApplication(t, 'paid');
    const moves = [
      { to: 'under_review', expected_status: 'paid' },
      { to: 'paid', expected_status: 'under_review', reason: 'Back to the queue for now.' },
      { to: 'under_review', expected_status: 'paid' },
      { to: 'rejected', expected_status: 'under_review', reason: 'Income could not be verified.' },
    ];
    for (const move of moves) {
      const response = await transition(t, staff.headers, client.registrationId, move);
      expect(response.statusCode, response.body).toBe(200);
    }
    const detail = await t.app.inject({
      url: `/api/registration/admin/applications/${client.registrationId}/`,
      headers: staff.headers,
    });
    const staffHistory = detail.json().history as {
      to: string;
      at: string;
      reason: string | null;
    }[];
    expect(staffHistory.map((entry) => entry.to)).toEqual([
      'draft',
      'under_review',
      'paid',
      'under_review',
      'rejected',
    ]);

    for (const url of [
      '/api/registration/application/',
      '/api/registration/registration/status/',
    ]) {
      const response = await t.app.inject({ url, headers: client.headers });
      const body = response.json();
      const application = body.application ?? body;
      expect(application.history, url).toEqual(
        staffHistory.map((entry) => ({
          status: entry.to,
          at: entry.at,
          reason: entry.to === 'rejected' ? entry.reason : null,
        })),
      );
      expect(application.history.at(-1).at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('is the draft alone before any change', async () => {
    const client = await clientWithApplication(t, 'draft');
    const response = await t.app.inject({
      url: '/api/registration/application/',
      headers: client.headers,
    });
    expect(response.json().history).toEqual([
      { status: 'draft', at: expect.stringMatching(/Z$/), reason: null },
    ]);
  });
});
