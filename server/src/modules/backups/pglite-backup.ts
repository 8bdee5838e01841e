import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';

/**
 * A backup of the PGlite database of a DATA_DIR: one tar file holding PGlite's own dump of its
 * data folder, a manifest, and a README that says what the backup does not hold (the key).
 * PostgreSQL is backed up with pg_dump instead (README, "Backups").
 */
export const BACKUP_FORMAT = 'loan-portal-pglite-backup';
const DUMP = 'pglite-data.tar.gz';

export const KEY_REMINDER = `This backup holds the loan portal's database, taken from a PGlite data folder.

It does NOT hold the encryption key. Aadhaar and bank account numbers inside are encrypted with
DATA_ENCRYPTION_KEY (or, without that variable, the key file DATA_DIR/encryption.key). Keep the key
apart from this backup, and keep both: without the key those numbers cannot be read back, and with
the key beside the backup anyone holding both can read them.

Restore with: pnpm db:restore <this file> (into an empty DATA_DIR, the server stopped).
`;

export class BackupError extends Error {
  override name = 'BackupError';
}

const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

/** Applications in the database, for the operator to compare (0 before the first migration). */
async function countRegistrations(client: PGlite): Promise<number> {
  const result = await client
    .query<{ count: number }>('SELECT count(*)::int AS count FROM registrations')
    .catch(() => null);
  return result?.rows[0]?.count ?? 0;
}

/** Writes the backup of DATA_DIR's database to `file`. The server must not be running on it. */
export async function backupPglite(dataDir: string, file: string, now = new Date()) {
  const source = pgliteDir(dataDir);
  if (!existsSync(source)) {
    throw new BackupError(`There is no PGlite database in ${dataDir} (no pglite folder).`);
  }
  const client = await PGlite.create(source, { extensions: { pg_trgm } });
  const work = await mkdtemp(join(tmpdir(), 'loan-backup-'));
  try {
    const dump = await client.dumpDataDir('gzip');
    await writeFile(join(work, DUMP), Buffer.from(await dump.arrayBuffer()));
    const count = await countRegistrations(client);
    await writeFile(
      join(work, 'manifest.json'),
      `${JSON.stringify({ format: BACKUP_FORMAT, version: 1, created_at: now.toISOString(), registrations: count }, null, 2)}\n`,
    );
    await writeFile(join(work, 'README.txt'), KEY_REMINDER);
    await mkdir(dirname(file), { recursive: true });
    await tar.c({ file, cwd: work, portable: true }, ['README.txt', 'manifest.json', DUMP]);
    return { file, registrations: count };
  } finally {
    await client.close();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into DATA_DIR. An existing database there is refused, or with `force` moved
 * aside to pglite.before-restore-<time>, never deleted.
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  options: { force?: boolean; now?: Date } = {},
) {
  const target = pgliteDir(dataDir);
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const work = await mkdtemp(join(tmpdir(), 'loan-restore-'));
  try {
    await tar.x({ file, cwd: work }).catch(() => {
      throw new BackupError(`${basename(file)} is not a loan portal backup (not a tar file).`);
    });
    const manifest = await readFile(join(work, 'manifest.json'), 'utf8')
      .then((text) => JSON.parse(text) as { format?: string; registrations?: number })
      .catch(() => ({}) as { format?: string; registrations?: number });
    if (manifest.format !== BACKUP_FORMAT || !existsSync(join(work, DUMP))) {
      throw new BackupError(`${basename(file)} is not a loan portal backup.`);
    }
    if (existsSync(target) && (await readdir(target)).length > 0) {
      if (!options.force) {
        throw new BackupError(
          `${target} already holds a database. Restore into an empty DATA_DIR, or pass --force to move it aside first.`,
        );
      }
      const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
      await rename(target, `${target}.before-restore-${stamp}`);
    }
    await mkdir(target, { recursive: true, mode: 0o700 });
    const dump = new Blob([await readFile(join(work, DUMP))]);
    const client = await PGlite.create(target, { extensions: { pg_trgm }, loadDataDir: dump });
    try {
      return { registrations: await countRegistrations(client) };
    } finally {
      await client.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
