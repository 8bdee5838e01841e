import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession } from '../../test/sessions';
import { profileDrafts } from '../profile-drafts/tables';
import { profiles } from './tables';
import { validPayload } from './test-support';

const PROFILE = '/api/registration/profile/';
const CONSENT_MESSAGE = 'Please accept the privacy notice to continue.';

describe('a profile needs consent to the privacy notice in force (issue 18)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PRIVACY_NOTICE_VERSION: 'v7' });
  }, 120_000);
  afterAll(() => t.close());

  async function submit(payload: unknown, headers?: Record<string, string>) {
    const client = await createClientSession(t);
    const res = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: { ...client.headers, ...headers },
      payload: payload as object,
    });
    return { res, client };
  }

  it('serves the version in /config.json, with the grievance officer', async () => {
    const res = await t.app.inject({ url: '/config.json' });
    expect(res.json()).toMatchObject({
      privacyNoticeVersion: 'v7',
      grievanceOfficer: {
        name: expect.any(String),
        email: expect.stringContaining('@'),
        phone: expect.any(String),
      },
    });
  });

  it.each([
    ['without a version', { consent_notice_version: undefined }],
    ['with another version', { consent_notice_version: 'v6' }],
    ['with an empty version', { consent_notice_version: '' }],
    ['with a version that is not a string', { consent_notice_version: 7 }],
  ])('refuses a profile %s, and stores nothing', async (_name, override) => {
    const { res, client } = await submit(validPayload(override as object));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CONSENT_MESSAGE });
    const rows = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, client.userId));
    expect(rows).toHaveLength(0);
  });

  it('refuses a body that is not an object as before', async () => {
    const { res } = await submit([1, 2]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body must be a JSON object.');
  });

  it('records the version, the time and the client address with the profile', async () => {
    const before = Date.now();
    const { res, client } = await submit(validPayload({ consent_notice_version: 'v7' }), {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(res.statusCode).toBe(201);
    // The answer does not echo the consent: it is a record, not part of the profile.
    expect(res.json().profile).not.toHaveProperty('consent_notice_version');
    const [row] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, client.userId));
    expect(row).toMatchObject({ consentNoticeVersion: 'v7', consentIp: '203.0.113.9' });
    expect(row!.consentGivenAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('decides ifsc_verified itself from RBI list, whatever the browser sends', async () => {
    const listed = await submit(
      validPayload({ consent_notice_version: 'v7', ifsc_code: 'SBIN0000001' }),
    );
    const unlisted = await submit({
      ...validPayload({ consent_notice_version: 'v7', ifsc_code: 'SBIN0999999' }),
      ifsc_verified: true,
    });
    expect(listed.res.statusCode).toBe(201);
    expect(unlisted.res.statusCode).toBe(201);
    const verified = async (userId: number) =>
      (
        await t.database.db
          .select({ v: profiles.ifscVerified })
          .from(profiles)
          .where(eq(profiles.userId, userId))
      )[0]?.v;
    expect(await verified(listed.client.userId)).toBe(true);
    expect(await verified(unlisted.client.userId)).toBe(false);
  });

  it('shows staff the IFSC flag and the consent on the applicant page', async () => {
    const { res } = await submit(
      validPayload({ consent_notice_version: 'v7', ifsc_code: 'SBIN0999999' }),
    );
    const staff = await createStaffSession(t);
    const detail = await t.app.inject({
      url: `/api/registration/admin/applications/${res.json().application_id}/`,
      headers: staff.headers,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      ifsc_verified: false,
      consent: { notice_version: 'v7', given_at: expect.any(String) },
    });
    // The address is recorded, not shown.
    expect(detail.body).not.toContain('consent_ip');
  });

  it('removes the form draft once the profile is saved', async () => {
    const client = await createClientSession(t);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/registration/draft/',
      headers: client.headers,
      payload: { step: 2, values: { full_name: 'Priya Sharma' } },
    });
    expect(put.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: client.headers,
      payload: validPayload({ consent_notice_version: 'v6' }),
    });
    expect(refused.statusCode).toBe(400);
    const draftsLeft = () =>
      t.database.db.select().from(profileDrafts).where(eq(profileDrafts.userId, client.userId));
    // A refused profile keeps the draft.
    expect(await draftsLeft()).toHaveLength(1);
    const saved = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: client.headers,
      payload: validPayload({ consent_notice_version: 'v7' }),
    });
    expect(saved.statusCode).toBe(201);
    expect(await draftsLeft()).toHaveLength(0);
    const get = await t.app.inject({ url: '/api/registration/draft/', headers: client.headers });
    expect(get.statusCode).toBe(404);
  });
});

describe('the default privacy notice version', () => {
  it('is 2026-11, and a bad PRIVACY_NOTICE_VERSION stops the start-up', async () => {
    const { loadConfig } = await import('../../config/env');
    expect(loadConfig({}).privacyNoticeVersion).toBe('2026-11');
    expect(() => loadConfig({ PRIVACY_NOTICE_VERSION: 'v 1 <b>' })).toThrow(
      /PRIVACY_NOTICE_VERSION/,
    );
  });
});
