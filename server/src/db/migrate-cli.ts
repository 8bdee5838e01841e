// `pnpm db:migrate`: applies the committed migrations to the configured database and exits.
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from './client';

// drizzle wraps the driver's error; its cause says what is actually wrong (no such database, ...).
function describe(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : (error as Error).message;
}

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? `Configuration error: ${error.message}`
      : `Migration failed: ${describe(error)}`,
  );
  process.exitCode = 1;
}
