import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { createClientSession, createStaffSession } from './sessions';

describe('test session helpers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('give a client token that the client check accepts and the staff check refuses', async () => {
    const client = await createClientSession(t, { phone: '9123456789' });
    expect(client.phone).toBe('9123456789');
    expect(await t.app.accessTokens.verify(client.token)).toMatchObject({
      userId: client.userId,
      portal: 'client',
    });
    const staff = await createStaffSession(t, { superuser: true });
    expect(await t.app.accessTokens.verify(staff.token)).toMatchObject({
      userId: staff.userId,
      portal: 'admin',
    });
    expect(staff.userId).not.toBe(client.userId);
  });
});
