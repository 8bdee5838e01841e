import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import { ConsoleSmsProvider } from '../../providers/sms';
import { openTestDatabase, type TestApp } from '../../test/helpers';
import { createStaffSession } from '../../test/sessions';
import { recordStatusChange } from '../applications/status-changes';
import { statusHistory } from '../applications/tables';
import { clientWithApplication, transition } from '../applications/test-support';
import { createJobQueue } from '../jobs/queue';
import { statusSmsText, statusSmsWorker } from './status-sms';

const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

describe('status SMS: one per change, never lost, never twice', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const key = randomBytes(32).toString('base64');

  /** An instance of the server on the shared database, with its own SMS outbox. */
  async function instance(env: Record<string, string>) {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_ENCRYPTION_KEY: key,
      TRUST_PROXY: 'true',
      ...env,
    });
    const sms = new ConsoleSmsProvider(quiet, database.db);
    const app = await buildApp({ config, database, logger: false, sms });
    await app.ready();
    const t: TestApp = { app, database, config, close: () => app.close() };
    return { t, sms };
  }

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.migrate();
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('a change committed by an instance that dies before sending is sent once by another', async () => {
    // The first instance takes no jobs: it commits the change and its job, then is gone before
    // any send, as if killed between the commit and the send.
    const first = await instance({ JOB_WORKER: 'false' });
    const staff = await createStaffSession(first.t);
    const client = await clientWithApplication(first.t, 'paid');
    const moved = await transition(first.t, staff.headers, client.registrationId, {
      to: 'under_review',
      expected_status: 'paid',
    });
    expect(moved.statusCode).toBe(200);
    await first.t.close();
    expect(await first.sms.outbox(client.phone)).toEqual([]);

    const second = await instance({ JOB_WORKER: 'true' });
    try {
      await expect
        .poll(async () => (await second.sms.outbox(client.phone)).length, {
          timeout: 20_000,
          interval: 200,
        })
        .toBe(1);
      expect((await second.sms.outbox(client.phone))[0]!.body).toBe(
        `Loan Portal: Your loan application #${client.registrationId} is now under review.`,
      );
      // Another poll of the queue later still finds nothing more to send.
      const queue = createJobQueue({ executor: database.executor });
      await expect
        .poll(async () => (await queue.depth()).reduce((n, q) => n + q.waiting, 0), {
          timeout: 20_000,
        })
        .toBe(0);
      expect(await second.sms.outbox(client.phone)).toHaveLength(1);
    } finally {
      await second.t.close();
    }
  });

  it('a job run again after a crash that followed its send does not send again', async () => {
    const { t } = await instance({ JOB_WORKER: 'false' });
    try {
      const staff = await createStaffSession(t);
      const client = await clientWithApplication(t, 'under_review');
      await transition(t, staff.headers, client.registrationId, {
        to: 'approved',
        expected_status: 'under_review',
      });
      const [row] = await database.db
        .select({ id: statusHistory.id })
        .from(statusHistory)
        .where(eq(statusHistory.registrationId, client.registrationId));
      const sms = new ConsoleSmsProvider(quiet, database.db);
      const work = statusSmsWorker({ db: database.db, sms, productName: 'Loan Portal' });
      await work({ historyId: row!.id });
      await work({ historyId: row!.id });
      expect((await sms.outbox(client.phone)).map((m) => m.body)).toEqual([
        `Loan Portal: Good news: your loan application #${client.registrationId} has been approved.`,
      ]);
    } finally {
      await t.close();
    }
  });

  it('a change rolled back leaves no job behind', async () => {
    const { t } = await instance({ JOB_WORKER: 'false' });
    const queue = createJobQueue({ executor: database.executor });
    try {
      const client = await clientWithApplication(t, 'paid');
      const waiting = async () => (await queue.depth()).reduce((n, q) => n + q.waiting, 0);
      const before = await waiting();
      await expect(
        database.db.transaction(async (tx) => {
          await recordStatusChange(tx, queue, {
            registrationId: client.registrationId,
            from: 'paid',
            to: 'under_review',
            actorUserId: null,
            at: new Date(),
          });
          throw new Error('the change failed after its job was written');
        }),
      ).rejects.toThrow('the change failed');
      expect(await waiting()).toBe(before);
    } finally {
      await t.close();
    }
  });
});

describe('status SMS texts', () => {
  it.each([
    [
      'draft',
      'paid',
      'We have received the fee for your loan application #7. We will review it soon.',
    ],
    [
      'under_review',
      'paid',
      'Your loan application #7 is back in the review queue. We will update you soon.',
    ],
    ['paid', 'under_review', 'Your loan application #7 is now under review.'],
    [
      'under_review',
      'rejected',
      'Your loan application #7 was not approved. Sign in to see the reason.',
    ],
    [
      'approved',
      'active',
      'The loan of your application #7 has been disbursed to your bank account.',
    ],
    ['active', 'closed', 'The loan of your application #7 is now closed.'],
  ])('%s -> %s', (from, to, text) => {
    expect(statusSmsText({ from, to, applicationId: 7 }, 'Loan Portal')).toBe(
      `Loan Portal: ${text}`,
    );
  });

  it('has none for a status the client is not told about', () => {
    expect(statusSmsText({ from: null, to: 'draft', applicationId: 7 }, 'Loan Portal')).toBeNull();
  });
});
