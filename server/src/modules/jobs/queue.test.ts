import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../test/helpers';
import { createJobQueue, QUEUES } from './queue';
import type { SqlExecutor } from './sql-executor';

/**
 * Stopping the queue while a worker's fetch is on its way: nothing of the queue may reach the
 * database after stop() has resolved, since the caller closes the database next (CI saw a job's
 * completion written to a closed pool).
 */
describe('job queue stop', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.migrate();
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('waits for a fetch under way, and runs no job and sends no statement after it', async () => {
    const starts: { at: number; fetch: boolean }[] = [];
    let slowFetches = false;
    let fetchSent: () => void = () => {};
    const fetchUnderWay = new Promise<void>((resolve) => {
      fetchSent = resolve;
    });
    const executor: SqlExecutor = {
      async executeSql(text, values) {
        const fetch = /SKIP LOCKED/i.test(text);
        starts.push({ at: Date.now(), fetch });
        if (fetch && slowFetches) {
          fetchSent();
          await new Promise((resolve) => setTimeout(resolve, 400));
        }
        return database.executor.executeSql(text, values);
      },
    };
    const jobs = createJobQueue({ executor, pollingIntervalSeconds: 1 });
    await jobs.start();
    await jobs.enqueue(database.db, QUEUES.statusSms, { historyId: 1 }, 'stop-test:1');
    const handled: number[] = [];
    slowFetches = true;
    await jobs.work(QUEUES.statusSms, async () => {
      handled.push(Date.now());
    });
    await fetchUnderWay;
    await jobs.stop();
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(handled.filter((at) => at > stoppedAt)).toEqual([]);
    expect(starts.filter((start) => start.at > stoppedAt)).toEqual([]);
    // The fetch under way did come back with the job, and was waited for.
    expect(starts.some((start) => start.fetch)).toBe(true);
  }, 60_000);
});
