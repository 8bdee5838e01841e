import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { openDatabase } from '../../db/client';
import type { TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession } from '../../test/sessions';
import { validPayload } from '../registration/test-support';
import { BackupError, backupPglite, restorePglite } from './pglite-backup';

// Issue 21: there was no backup command. A backup restored into a fresh DATA_DIR serves the same
// applicants, given the same encryption key, which the backup itself never holds.
const key = randomBytes(32).toString('base64');
const open: TestApp[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

async function serve(dataDir: string): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATA_ENCRYPTION_KEY: key,
    TRUST_PROXY: 'true',
  });
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const t: TestApp = {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  open.push(t);
  return t;
}

const fresh = () => mkdtempSync(join(tmpdir(), 'loan-backup-test-'));

describe('pnpm db:backup and db:restore (PGlite)', () => {
  it('restores into a fresh DATA_DIR a database that serves the same applicants', async () => {
    const source = fresh();
    const before = await serve(source);
    const client = await createClientSession(before);
    const saved = await before.app.inject({
      method: 'POST',
      url: '/api/registration/profile/',
      headers: client.headers,
      payload: validPayload({ full_name: 'Meena Iyer', contact_number: client.phone }),
    });
    expect(saved.statusCode).toBe(201);
    const id = saved.json().application_id as number;
    const staff = await createStaffSession(before);
    const original = await before.app.inject({
      url: `/api/registration/admin/applications/${id}/`,
      headers: staff.headers,
    });
    expect(original.statusCode).toBe(200);
    await open.pop()!.close();

    const file = join(fresh(), 'backup.tar');
    expect(await backupPglite(source, file)).toMatchObject({ registrations: 1 });
    // The backup says where the key is, and does not hold it.
    const listed: string[] = [];
    await tar.t({ file, onReadEntry: (entry) => listed.push(entry.path) });
    expect(listed.sort()).toEqual(['README.txt', 'manifest.json', 'pglite-data.tar.gz']);
    const extracted = fresh();
    await tar.x({ file, cwd: extracted });
    expect(readFileSync(join(extracted, 'README.txt'), 'utf8')).toContain(
      'It does NOT hold the encryption key.',
    );

    const target = fresh();
    expect(await restorePglite(file, target)).toEqual({ registrations: 1 });
    const after = await serve(target);
    const staffAfter = await createStaffSession(after);
    const restored = await after.app.inject({
      url: `/api/registration/admin/applications/${id}/`,
      headers: staffAfter.headers,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().profile).toEqual(original.json().profile);
    expect(restored.json().profile.full_name).toBe('Meena Iyer');
  }, 180_000);

  it('never overwrites a database, and refuses a file that is not a backup', async () => {
    const source = fresh();
    await serve(source);
    await open.pop()!.close();
    const file = join(fresh(), 'backup.tar');
    await backupPglite(source, file);
    await expect(restorePglite(file, source)).rejects.toThrow(
      `${join(source, 'pglite')} already holds a database.`,
    );

    const bogus = join(fresh(), 'notes.tar');
    const folder = fresh();
    mkdirSync(join(folder, 'x'));
    writeFileSync(join(folder, 'x', 'a.txt'), 'hello');
    await tar.c({ file: bogus, cwd: folder }, ['x']);
    await expect(restorePglite(bogus, fresh())).rejects.toBeInstanceOf(BackupError);
  }, 180_000);
});
