import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../test/helpers';
import { randomPhone } from '../../test/sessions';
import { ConsoleSmsProvider } from './console';
import type { SmsMeta } from './types';

// Issue 21: the dev outbox lived in one process's memory, so behind a balancer a code sent by one
// instance could not be read from another.
describe('the console SMS outbox', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const key = randomBytes(32).toString('base64');

  async function instance() {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_ENCRYPTION_KEY: key });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.migrate();
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('is shared by every instance on the database', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      const phone = randomPhone();
      const sent = await a.inject({
        method: 'POST',
        url: '/api/accounts/otp/send/',
        payload: { mobile: phone },
      });
      expect(sent.statusCode).toBe(200);
      const read = await b.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
      expect(read.statusCode).toBe(200);
      const [message] = read.json().messages;
      expect(message).toMatchObject({ to: phone, code: expect.stringMatching(/^\d{6}$/) });
      expect(message.body).toContain(message.code);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keeps the newest 20 messages of a number, newest first', async () => {
    const app = await instance();
    try {
      const phone = randomPhone();
      const sms = new ConsoleSmsProvider(app.log, database.db);
      for (let n = 1; n <= 25; n++) {
        await sms.send(phone, `message ${n}`, {
          purpose: 'status',
          status: 'paid',
          applicationId: n,
          key: `status-sms:${phone}:${n}`,
        });
      }
      const read = await app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
      const bodies = read.json().messages.map((m: { body: string }) => m.body);
      expect(bodies).toHaveLength(20);
      expect(bodies[0]).toBe('message 25');
      expect(bodies.at(-1)).toBe('message 6');
    } finally {
      await app.close();
    }
  });

  it('stores a message with a key it has stored already only once', async () => {
    const app = await instance();
    try {
      const phone = randomPhone();
      const sms = new ConsoleSmsProvider(app.log, database.db);
      const meta: SmsMeta = {
        purpose: 'status',
        status: 'approved',
        applicationId: 7,
        key: `k-${phone}`,
      };
      await sms.send(phone, 'approved', meta);
      await sms.send(phone, 'approved', meta);
      await sms.send(phone, 'approved again, another change', {
        ...meta,
        key: `k2-${phone}`,
      } as const);
      const read = await app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
      expect(read.json().messages.map((m: { body: string }) => m.body)).toEqual([
        'approved again, another change',
        'approved',
      ]);
    } finally {
      await app.close();
    }
  });
});
