import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config/env';
import { type DatabaseHandle, openDatabase } from '../db/client';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A full app on a fresh migrated database: in-memory PGlite by default, or a fresh database on
 * the PostgreSQL server named by TEST_DATABASE_URL (created here and dropped on close).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'now' | 'logger' | 'readiness' | 'sms'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    // A throwaway key, so tests never write DATA_DIR/encryption.key.
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // As behind a proxy: a test picks its client address with X-Forwarded-For (per-IP caps).
    TRUST_PROXY: 'true',
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  const app = await buildApp({ config, database, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  drop: () => Promise<void>;
  /** The database's URL on PostgreSQL, for another process to open it (none on PGlite). */
  url?: string;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return {
      database: await openDatabase({ pgliteTemplate: await pgliteTemplate() }),
      drop: async () => {},
    };
  }
  const { default: postgres } = await import('postgres');
  const name = `loan_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const template = inject('postgresTemplate');
  await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 4 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

let templateBlob: Promise<Blob | undefined> | undefined;
/** The migrated cluster that test-run setup (database-templates.ts) dumped, read once per file. */
function pgliteTemplate(): Promise<Blob | undefined> {
  templateBlob ??= (async () => {
    const path = inject('pgliteTemplatePath');
    return path ? new Blob([await readFile(path)]) : undefined;
  })();
  return templateBlob;
}

/** A fake build output: a shell index.html with the product placeholder and one hashed asset. */
export function createFakeBuild(): Record<
  'SHELL_DIST_DIR' | 'CLIENT_PORTAL_DIST_DIR' | 'ADMIN_PORTAL_DIST_DIR',
  string
> {
  const root = mkdtempSync(join(tmpdir(), 'loan-build-'));
  const shell = join(root, 'shell');
  const client = join(root, 'client');
  const admin = join(root, 'admin');
  for (const dir of [shell, client, admin]) mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(shell, 'index.html'),
    '<!doctype html><html lang="en-IN"><head><title>__PRODUCT_NAME__</title></head><body><p>Loading __PRODUCT_NAME__...</p></body></html>',
  );
  const js = `export const big = "${'x'.repeat(2000)}";`;
  writeFileSync(join(shell, 'assets', 'index-AbCdEf12.js'), js);
  writeFileSync(join(shell, 'remoteEntry-DxByf1qN.js'), 'export const host = true;');
  writeFileSync(join(client, 'remoteEntry.js'), 'export const remote = true;');
  writeFileSync(join(client, 'assets', 'remote-app-Zz09Yy87.js'), js);
  writeFileSync(join(client, 'assets', 'remote-app-Zz09Yy87.js.br'), brotliCompressSync(js));
  writeFileSync(join(client, 'assets', 'remote-app-Zz09Yy87.js.gz'), gzipSync(js));
  writeFileSync(join(admin, 'remoteEntry.js'), 'export const remote = "admin";');
  return { SHELL_DIST_DIR: shell, CLIENT_PORTAL_DIST_DIR: client, ADMIN_PORTAL_DIST_DIR: admin };
}

/** A stream for the server's logger (loggerOptions(level, stream)) that keeps what was logged. */
export function logCapture(): { stream: Writable; text: () => string } {
  let logged = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  return { stream, text: () => logged };
}
