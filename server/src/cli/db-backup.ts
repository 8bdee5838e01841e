import { resolve } from 'node:path';

import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env';
import { BackupError, backupPglite, KEY_REMINDER } from '../modules/backups/pglite-backup';

/** Where the command was typed: pnpm runs the script in server/, and says so in INIT_CWD. */
const typedIn = process.env.INIT_CWD ?? process.cwd();

const USAGE = `Usage: pnpm db:backup [--out FILE]

Writes a backup of the PGlite database in DATA_DIR to FILE (default:
./loan-portal-backup-<time>.tar). Stop the server first: PGlite is one process's database.
The backup does not hold the encryption key; keep that apart.

With DATABASE_URL (PostgreSQL), use pg_dump instead:
  pg_dump --format=custom --file=loan-portal.dump "$DATABASE_URL"`;

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump --format=custom (README, "Backups").',
    );
    process.exitCode = 1;
    return;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(typedIn, values.out ?? `loan-portal-backup-${stamp}.tar`);
  const { registrations } = await backupPglite(config.dataDir, file);
  console.log(`Backed up ${config.dataDir} (${registrations} applications) to ${file}.`);
  console.log(KEY_REMINDER.split('\n\n')[1]);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof BackupError
      ? error.message
      : `The backup failed: ${String(error)}`,
  );
  process.exitCode = 1;
});
