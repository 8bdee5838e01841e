import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import { executorOf, type SqlExecutor, type SqlRunner } from './sql-executor';

/**
 * Side effects of a change (an SMS today) as jobs in PostgreSQL, through pg-boss.
 *
 * A job is written in the transaction of the change it belongs to (`enqueue(tx, ...)`), so the
 * change and its job are stored together or not at all: a crash after the commit leaves the job
 * for a worker, a rollback leaves none. Each job carries an idempotency key, which becomes its id
 * (a second job with the same key is not stored), and its handler records what it has done under
 * the same key, so a job run again after a crash does not do its work twice.
 *
 * pg-boss runs on the database the server already has: PostgreSQL through postgres-js, or PGlite
 * in-process (see sql-executor.ts). Jobs retry with exponential backoff.
 */
export const QUEUES = {
  statusSms: 'status-sms',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface JobQueueOptions {
  executor: SqlExecutor;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
  /** pg-boss's own tables live in this schema. */
  schema?: string;
  /** Errors of pg-boss's background loops (polling, maintenance); a job's own failure is retried. */
  onError?: (error: Error) => void;
  /**
   * A job taken by a worker that died (killed, its machine gone) is run again this long after it
   * was taken. Longer than any send may take (MSG91 answers in seconds), so a slow send is never
   * run twice at once; short enough that a lost worker delays an SMS by minutes, not hours.
   */
  expireInSeconds?: number;
  /** How often expired jobs are looked for (pg-boss maintenance). */
  maintenanceIntervalSeconds?: number;
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export interface JobQueue {
  /** Creates pg-boss's tables and the queues (idempotent); needed before the first enqueue. */
  start(): Promise<void>;
  /** Writes one job through `runner` (the change's transaction); a second job with the same key is not stored. */
  enqueue(runner: SqlRunner, queue: QueueName, data: object, key: string): Promise<void>;
  /** Starts taking jobs of `queue` on this instance. */
  work<T extends object>(queue: QueueName, handler: JobHandler<T>): Promise<void>;
  /** Stops taking jobs of `queue` here (a job in hand still finishes). */
  offWork(queue: QueueName): Promise<void>;
  /** Stops taking jobs, lets the ones in hand finish (up to `timeoutMs`), and stops pg-boss. */
  stop(timeoutMs?: number): Promise<void>;
  /** Jobs not yet done, per queue, and the age of the oldest in seconds. */
  depth(): Promise<{ queue: string; waiting: number; oldestSeconds: number }[]>;
}

const RETRY = { retryLimit: 8, retryDelay: 5, retryBackoff: true } as const;

/**
 * The job id for an idempotency key: a name-based UUID (RFC 4122 version 5 layout over SHA-256),
 * so the same key always names the same job and pg-boss's insert skips a second one.
 */
export function jobIdForKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const schema = options.schema ?? 'pgboss';
  const retry = { ...RETRY, expireInSeconds: options.expireInSeconds ?? 300 };
  // What pg-boss and the handlers still have under way. pg-boss 10's stop() does not wait for a
  // worker's fetch already sent (offWork only flags the worker), and it reports a job's outcome
  // without awaiting it: a job fetched as the queue stopped then ran, and wrote its completion,
  // after the caller had closed the database (an unhandled CONNECTION_ENDED in CI). stop() waits
  // for all of it, and a job fetched after stop is handed back at once for a later run.
  const underWay = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    underWay.add(work);
    work.then(
      () => underWay.delete(work),
      () => underWay.delete(work),
    );
    return work;
  };
  let stopping = false;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => track(options.executor.executeSql(text, values)) },
    schema,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    // Maintenance (expiry, archiving) runs on whichever instance holds pg-boss's advisory lock.
    supervise: true,
    schedule: false,
    migrate: true,
  });
  // pg-boss reports errors of its loops as events; without a listener Node would throw them.
  boss.on('error', (error) => options.onError?.(error));
  let started: Promise<void> | undefined;

  return {
    start() {
      started ??= (async () => {
        await boss.start();
        for (const name of Object.values(QUEUES)) {
          if (await boss.getQueue(name)) continue;
          // Instances starting together may both find it missing: the loser's create fails,
          // and the queue is there all the same.
          await boss.createQueue(name, { name, ...retry }).catch(async (error: unknown) => {
            if (!(await boss.getQueue(name))) throw error;
          });
        }
      })();
      return started;
    },
    async enqueue(runner, queue, data, key) {
      await boss.send(queue, data, { ...retry, id: jobIdForKey(key), db: executorOf(runner) });
    },
    async work(queue, handler) {
      await boss.work<object>(
        queue,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
        (jobs) =>
          track(
            (async () => {
              if (stopping) throw new Error('The job queue is stopping: this job runs later.');
              for (const job of jobs) {
                await handler(job.data as never, { id: job.id, retryCount: job.retryCount });
              }
            })(),
          ),
      );
    },
    async offWork(queue) {
      await boss.offWork(queue);
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      stopping = true;
      const deadline = Date.now() + timeoutMs;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
      // A fetch that returns a job starts its handler, and the handler's outcome a statement, in
      // later ticks: settle until a turn of the event loop adds nothing more.
      while (underWay.size > 0 && Date.now() < deadline) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...underWay]),
          new Promise((resolve) => {
            timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
          }),
        ]);
        clearTimeout(timer);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async depth() {
      const { rows } = await options.executor.executeSql(
        `SELECT name AS queue, count(*)::int AS waiting,
                coalesce(extract(epoch FROM now() - min(created_on)), 0)::int AS "oldestSeconds"
           FROM ${schema}.job WHERE state < 'completed' GROUP BY name`,
      );
      return rows as { queue: string; waiting: number; oldestSeconds: number }[];
    },
  };
}
