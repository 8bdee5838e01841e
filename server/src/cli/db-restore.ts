import { resolve } from 'node:path';

import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env';
import { BackupError, restorePglite } from '../modules/backups/pglite-backup';

/** Where the command was typed: pnpm runs the script in server/, and says so in INIT_CWD. */
const typedIn = process.env.INIT_CWD ?? process.cwd();

const USAGE = `Usage: pnpm db:restore FILE [--force]

Restores a backup made by pnpm db:backup into DATA_DIR, which must hold no database (with
--force an existing one is moved aside to pglite.before-restore-<time>). Stop the server first,
and give it the same DATA_ENCRYPTION_KEY (or encryption.key) as the backed-up one.

With DATABASE_URL (PostgreSQL), use pg_restore instead:
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" loan-portal.dump`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (README, "Backups").');
    process.exitCode = 1;
    return;
  }
  const file = resolve(typedIn, positionals[0]!);
  const { registrations } = await restorePglite(file, config.dataDir, { force: values.force });
  console.log(`Restored ${file} into ${config.dataDir} (${registrations} applications).`);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof BackupError
      ? error.message
      : `The restore failed: ${String(error)}`,
  );
  process.exitCode = 1;
});
