import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { randomPhone } from '../../test/sessions';

/**
 * Issue 21: signup spent the code before creating the user, so an instance that died in between
 * (or an insert that failed) left no account and a spent code; the retry got "Invalid OTP".
 */
describe('a signup whose account could not be created keeps its code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('lets the retry create the account with the same code', async () => {
    const phone = randomPhone();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/otp/send/',
      payload: { mobile: phone },
    });
    expect(sent.statusCode).toBe(200);
    const otp = await latestCode(t, phone);
    const signup = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/signup/',
        payload: { phone_number: phone, password: 'secret-pass', otp },
      });

    // The user insert fails the way a dying instance's would never complete.
    await t.database.db.execute(
      sql.raw(`alter table users add constraint refuse_phone check (phone_number <> '${phone}')`),
    );
    try {
      expect((await signup()).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table users drop constraint refuse_phone`);
    }
    const retry = await signup();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().user.phone_number).toBe(phone);
    // Spent now: a third use is refused.
    expect((await signup()).statusCode).toBe(400);
  });
});
