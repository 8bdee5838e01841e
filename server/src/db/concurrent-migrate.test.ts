import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

// Several instances started together (a deploy, `pnpm cluster`) each migrate at start-up: on one
// fresh PostgreSQL database they raced to create the same tables.
describe.runIf(process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('run once when several instances start together', async () => {
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
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await sql.unsafe(`drop database ${name} with (force)`);
      await sql.end();
    }
  }, 120_000);
});
