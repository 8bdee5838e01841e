import { describe, expect, it } from 'vitest';
import { createJobQueue } from '../modules/jobs/queue';
import { openDatabase } from './client';

// Several instances started together (a deploy, `pnpm cluster`) each migrate at start-up: on one
// fresh PostgreSQL database they raced to create the same tables.
describe.runIf(process.env.TEST_DATABASE_URL)('start-up on PostgreSQL', () => {
  it('migrates and creates the job queue once when several instances start together', async () => {
    const admin = process.env.TEST_DATABASE_URL!;
    const { default: postgres } = await import('postgres');
    const name = `loan_migrate_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const sql = postgres(admin, { max: 1, onnotice: () => {} });
    await sql.unsafe(`create database ${name}`);
    const url = admin.replace(/\/[^/]*$/, `/${name}`);
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url })));
    try {
      const results = await Promise.allSettled(instances.map((db) => db.migrate()));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      // Then each starts its job queue: pg-boss's schema and our queues, created once.
      const queues = instances.map((db) => createJobQueue({ executor: db.executor }));
      const started = await Promise.allSettled(
        queues.map((queue, i) => instances[i]!.startupLock(() => queue.start())),
      );
      expect(started.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      await Promise.all(queues.map((queue) => queue.stop()));
      // Every connection is still usable (none was left in an aborted transaction).
      for (const db of instances) await db.ping();
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await sql.unsafe(`drop database ${name} with (force)`);
      await sql.end();
    }
  }, 120_000);

  it('leaves no connection in an aborted transaction when a script fails', async () => {
    // One connection: the one the failed script ran on is the one the next query gets.
    const database = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL!,
      maxConnections: 1,
    });
    try {
      await expect(database.executor.executeSql('BEGIN; SELECT 1/0; COMMIT;')).rejects.toThrow(
        'division by zero',
      );
      await expect(database.executor.executeSql('SELECT 1 AS one', [])).resolves.toEqual({
        rows: [{ one: 1 }],
      });
    } finally {
      await database.close();
    }
  });
});
