import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validPayload } from '../modules/registration/test-support';
import { createTestApp, logCapture, type TestApp } from '../test/helpers';
import { createClientSession, createStaffSession } from '../test/sessions';
import { loggerOptions, maskMessage } from './logging';

describe('server logs', () => {
  let t: TestApp;
  const logs = logCapture();

  beforeAll(async () => {
    // The options the server runs with, writing into this test's stream.
    t = await createTestApp({}, { logger: loggerOptions('info', logs.stream) });
  }, 120_000);
  afterAll(() => t.close());

  it('say which statement failed, never the applicant data it carried', async () => {
    const client = await createClientSession(t);
    const payload = validPayload({
      full_name: 'Ananya Raghavan',
      pan_number: 'QWERT9876Z',
      full_address: '44 Lakeview Road, Behind Old Temple',
    });
    // Any database failure of the profile write: here a constraint only this test adds.
    await t.database.db.execute(
      sql.raw(
        `alter table profiles add constraint test_refuses_every_profile check (length(full_name) < 2)`,
      ),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registration/profile/',
      headers: client.headers,
      payload,
    });
    expect(res.statusCode).toBe(500);
    const failure = logs
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((line) => line.msg === 'request failed');
    // The log still says what went wrong and where...
    expect(failure.reqId).toBe(res.headers['x-request-id']);
    expect(JSON.stringify(failure.err)).toContain('test_refuses_every_profile');
    expect(failure.err.query).toMatch(/^insert into "profiles"/);
    // ...without a single value of the form.
    for (const value of [
      'Ananya',
      'QWERT9876Z',
      'Lakeview',
      payload.contact_number,
      payload.aadhaar_number.replace(/\s/g, ''),
      payload.account_number,
      payload.ifsc_code,
    ]) {
      expect(logs.text(), value.slice(0, 3)).not.toContain(value);
    }
  });

  it('log request paths without their query strings', async () => {
    const staff = await createStaffSession(t);
    await t.app.inject({
      url: '/api/registration/admin/profiles/?search=QWERT9876Z&page=1',
      headers: staff.headers,
    });
    await t.app.inject({ url: '/api/dev/sms-outbox?phone=9812345678' });
    expect(logs.text()).toContain('"url":"/api/registration/admin/profiles/?…"');
    expect(logs.text()).toContain('"url":"/api/dev/sms-outbox?…"');
    expect(logs.text()).not.toContain('9812345678');
    expect(logs.text()).not.toContain('search=');
  });

  it('log no payment session id (probe finding 8)', async () => {
    const session = 'session_Zx81kLmQ0pWv3sTn7YbH';
    await t.app.inject({ url: `/payments-simulator/checkout/${session}?parent_origin=x` });
    await t.app.inject({
      method: 'POST',
      url: `/payments-simulator/sessions/${session}/complete`,
      payload: { outcome: 'SUCCESS' },
    });
    expect(logs.text()).toContain('"url":"/payments-simulator/checkout/session_…?…"');
    expect(logs.text()).toContain('"url":"/payments-simulator/sessions/session_…/complete"');
    expect(logs.text()).not.toContain('Zx81kLmQ0pWv3sTn7YbH');
  });
});

describe('maskMessage', () => {
  it('masks quoted literals and long digit runs, keeping the words that explain the error', () => {
    expect(
      maskMessage('invalid input syntax for type integer: "9876543210" in \'Asha Menon\''),
    ).toBe('invalid input syntax for type integer: "…" in \'…\'');
    expect(maskMessage('value too long for type character varying(150)')).toBe(
      'value too long for type character varying(150)',
    );
    expect(maskMessage('Key (contact_number)=(9876543210) already exists')).toBe(
      'Key (contact_number)=(#) already exists',
    );
  });
});
