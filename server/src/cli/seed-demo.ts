import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { createFieldCipher, loadEncryptionKey } from '../lib/encryption';
import { seedDemoApplicants } from '../modules/registration/seed';

const USAGE = `Usage: pnpm seed:demo --count N [--batch-size N] [--seed N]

Creates N realistic demo applicants (user, profile, registration) in the database the server
uses: DATABASE_URL when set, otherwise the PGlite files in DATA_DIR. Aadhaar and account numbers
are encrypted with the server's key (DATA_ENCRYPTION_KEY or DATA_DIR/encryption.key).`;

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`--${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      'batch-size': { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const count = positive('count', values.count, 1_000);
  const batchSize = positive('batch-size', values['batch-size'], 2_000);
  const seed = values.seed === undefined ? undefined : positive('seed', values.seed, 1);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const cipher = createFieldCipher(
      loadEncryptionKey({ configuredKey: config.dataEncryptionKey, dataDir: config.dataDir }),
    );
    console.log(
      `Seeding ${count.toLocaleString('en-IN')} demo applicants into ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`}...`,
    );
    const started = performance.now();
    let lastReport = 0;
    const inserted = await seedDemoApplicants({
      db: database.db,
      cipher,
      count,
      batchSize,
      seed,
      onProgress: (done) => {
        const elapsed = (performance.now() - started) / 1000;
        if (done === count || elapsed - lastReport >= 2) {
          lastReport = elapsed;
          const rate = Math.round(done / elapsed);
          const percent = ((done / count) * 100).toFixed(1);
          console.log(
            `  ${done.toLocaleString('en-IN')} / ${count.toLocaleString('en-IN')} (${percent}%), ${rate.toLocaleString('en-IN')} rows/s`,
          );
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Done: ${inserted.toLocaleString('en-IN')} applicants in ${seconds.toFixed(1)} s (${Math.round(inserted / seconds).toLocaleString('en-IN')} rows/s).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}\n\n${USAGE}`);
  } else {
    console.error('Seeding failed:', error);
  }
  process.exit(1);
});
