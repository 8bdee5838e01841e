/**
 * Vitest global setup: one migrated database per test run, copied for each test app.
 *
 * Every test app used to start from nothing: on PGlite that is initdb plus 21 migrations, 19-25 s
 * per app at a load of 10 on this 2-core machine (4-6 s when quiet), and the server suite opens
 * about 150 apps. Loading a dump of a migrated cluster takes 2.7-3.3 s at the same load. On
 * PostgreSQL, `CREATE DATABASE ... TEMPLATE` copies the migrated schema instead of migrating each
 * test database again.
 *
 * Tests still call `migrate()`: on a copy it finds every migration applied and does nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump, openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite cluster (`dumpDataDir`), when tests run on PGlite. */
    pgliteTemplatePath: string;
    /** The migrated template database's name, when tests run on PostgreSQL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dump = await migratedPgliteDump();
    const dir = mkdtempSync(join(tmpdir(), 'loan-pglite-template-'));
    const path = join(dir, 'migrated.tar');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplatePath', path);
    project.provide('postgresTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const { default: postgres } = await import('postgres');
  const name = `loan_template_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Two: migrate() holds one for its advisory lock and migrates on another.
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
  await database.migrate();
  // A template must have no other connection while it is copied.
  await database.close();
  project.provide('pgliteTemplatePath', '');
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
