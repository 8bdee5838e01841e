import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { recountDailyCounts } from '../modules/registration/daily-counts';

const USAGE = `Usage: pnpm --filter server db:recount [--check]

Counts the registrations per Asia/Kolkata day and status again and compares them with
registration_daily_counts, the summary behind the back office's totals. Corrects what differs,
or with --check only reports it and exits with status 1.`;

async function main() {
  const { values } = parseArgs({
    options: { check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const repair = !values.check;
    const { registrations, drift } = await recountDailyCounts(database.db, { repair });
    const total = registrations.toLocaleString('en-IN');
    if (drift.length === 0) {
      console.log(`registration_daily_counts matches all ${total} registrations.`);
      return;
    }
    for (const { day, status, counted, actual } of drift) {
      console.log(`${day} ${status}: summary ${counted}, registrations ${actual}`);
    }
    console.log(
      repair
        ? `Corrected ${drift.length} (day, status) counts; the summary now matches all ${total} registrations.`
        : `${drift.length} (day, status) counts differ; run without --check to correct them.`,
    );
    if (!repair) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error),
  );
  process.exitCode = 1;
});
