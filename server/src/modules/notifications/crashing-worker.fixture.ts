/**
 * A status-SMS worker in a process of its own, for worker-crash.test.ts. It takes a job and then
 * hangs, before the send (CRASH_MODE=before-send) or right after it (after-send), and says so on
 * stdout, so that the test can kill it with SIGKILL at exactly that point.
 */
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../db/client';
import { ConsoleSmsProvider, type SmsProvider } from '../../providers/sms';
import { createJobQueue, QUEUES } from '../jobs/queue';
import { statusSmsWorker } from './status-sms';

const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const mode = process.env.CRASH_MODE;
const database = await openDatabase({
  databaseUrl: process.env.CRASH_DATABASE_URL,
  maxConnections: 2,
});
const queue = createJobQueue({ executor: database.executor, pollingIntervalSeconds: 0.5 });
await queue.start();
const outbox = new ConsoleSmsProvider(quiet, database.db);
const never = () => new Promise<never>(() => {});
const sms: SmsProvider = {
  name: 'console',
  async send(to, body, meta) {
    if (mode === 'after-send') {
      await outbox.send(to, body, meta);
      console.log('sent');
    } else {
      console.log('taken');
    }
    return never();
  },
};
await queue.work(
  QUEUES.statusSms,
  statusSmsWorker({ db: database.db, sms, productName: 'Loan Portal' }),
);
console.log('ready');
