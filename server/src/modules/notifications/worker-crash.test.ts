import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import { serverRoot } from '../../paths';
import { ConsoleSmsProvider } from '../../providers/sms';
import { openTestDatabase, type TestApp } from '../../test/helpers';
import { createStaffSession } from '../../test/sessions';
import { clientWithApplication, transition } from '../applications/test-support';
import { createJobQueue } from '../jobs/queue';

// Issue 14: "a crash between the commit and the send loses nothing, and no change is announced
// twice". status-sms.test.ts covers an instance gone before any worker took the job; here a real
// worker process takes it and is killed with SIGKILL, before its send and right after it. Another
// process needs a database it can open too: PostgreSQL (CI's second server pass), not PGlite,
// which lives inside the process being killed.

const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const children = new Set<ChildProcess>();

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'status SMS: a worker process killed with the job in hand (PostgreSQL)',
  () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let url: string;
    const key = randomBytes(32).toString('base64');

    beforeAll(async () => {
      const opened = await openTestDatabase();
      ({ database, drop } = opened);
      url = opened.url ?? '';
      await database.migrate();
    }, 120_000);
    afterAll(async () => {
      for (const child of children) child.kill('SIGKILL');
      await database.close();
      await drop();
    });

    /** An instance on the test database whose jobs expire 2 s after a worker took them. */
    async function instance(worker: boolean) {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        DATA_ENCRYPTION_KEY: key,
        JOB_WORKER: worker ? 'true' : 'false',
      });
      const jobs = createJobQueue({
        executor: database.executor,
        expireInSeconds: 2,
        maintenanceIntervalSeconds: 1,
        pollingIntervalSeconds: 0.5,
      });
      const sms = new ConsoleSmsProvider(quiet, database.db);
      const app = await buildApp({ config, database, logger: false, sms, jobs });
      await app.ready();
      const t: TestApp = { app, database, config, close: () => app.close() };
      return { t, sms, jobs };
    }

    /** Starts the crashing worker and resolves with a reader of the lines it prints. */
    async function crashingWorker(mode: 'before-send' | 'after-send') {
      // Node itself with tsx's loader: the tsx command would run the worker in a child process
      // of its own, and SIGKILL would end only the wrapper, leaving the worker alive.
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/modules/notifications/crashing-worker.fixture.ts'],
        {
          cwd: serverRoot,
          env: { ...process.env, CRASH_MODE: mode, CRASH_DATABASE_URL: url },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      children.add(child);
      const lines = createInterface({ input: child.stdout! });
      const seen: string[] = [];
      const waiters: { line: string; resolve: () => void }[] = [];
      lines.on('line', (line) => {
        seen.push(line);
        for (const waiter of waiters) if (waiter.line === line) waiter.resolve();
      });
      const printed = (line: string) =>
        seen.includes(line)
          ? Promise.resolve()
          : new Promise<void>((resolve) => waiters.push({ line, resolve }));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      await printed('ready');
      return { child, printed, exited };
    }

    it.each([
      ['before its send', 'before-send', 'taken', 0],
      ['right after its send', 'after-send', 'sent', 1],
    ] as const)(
      'a worker killed %s: the change is announced exactly once',
      async (_when, mode, line, sentBeforeKill) => {
        const committing = await instance(false);
        const worker = await crashingWorker(mode);
        const staff = await createStaffSession(committing.t);
        const client = await clientWithApplication(committing.t, 'paid');
        const moved = await transition(committing.t, staff.headers, client.registrationId, {
          to: 'under_review',
          expected_status: 'paid',
        });
        expect(moved.statusCode).toBe(200);

        await worker.printed(line);
        worker.child.kill('SIGKILL');
        await worker.exited;
        expect(await committing.sms.outbox(client.phone)).toHaveLength(sentBeforeKill);

        // Another instance's worker runs the job once it has expired in the dead one's hands.
        const survivor = await instance(true);
        try {
          const waiting = async () =>
            (await survivor.jobs.depth()).reduce((n, q) => n + q.waiting, 0);
          await expect.poll(waiting, { timeout: 100_000, interval: 250 }).toBe(0);
          const messages = await survivor.sms.outbox(client.phone);
          expect(messages.map((m) => m.body)).toEqual([
            `Loan Portal: Your loan application #${client.registrationId} is now under review.`,
          ]);
        } finally {
          await survivor.t.close();
          await committing.t.close();
        }
      },
      180_000,
    );
  },
);
