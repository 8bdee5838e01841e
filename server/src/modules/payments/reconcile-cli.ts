/**
 * `pnpm --filter server payments:reconcile`: one reconciliation pass on demand, with the server's
 * configuration. With the embedded PGlite database run it while the server is stopped (PGlite
 * allows one process); with PostgreSQL it can run alongside the server.
 */
import { ConfigError, loadConfig } from '../../config/env';
import { openDatabase } from '../../db/client';
import { createPaymentProvider } from '../../providers/payments';
import { createJobQueue } from '../jobs/queue';
import { createPaymentsService, type Logger } from './service';

const log: Logger = {
  info: (obj, msg) => console.log(msg ?? '', JSON.stringify(obj)),
  warn: (obj, msg) => console.warn(msg ?? '', JSON.stringify(obj)),
  error: (obj, msg) => console.error(msg ?? '', JSON.stringify(obj)),
};

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    // A payment this pass finds is announced like any other: its SMS job goes to the queue,
    // which a running server's worker sends.
    const jobs = createJobQueue({ executor: database.executor });
    await jobs.start();
    const service = createPaymentsService({
      db: database.db,
      provider: createPaymentProvider(config, database.db),
      feeInr: config.applicationFeeInr,
      publicBaseUrl: config.payments.publicBaseUrl,
      reconcileMinAgeSeconds: config.payments.reconcileMinAgeSeconds,
      orderExpiryMinutes: config.payments.orderExpiryMinutes,
      log,
      jobs,
    });
    const summary = await service.reconcile(1000);
    console.log(
      `Checked ${summary.checked} open order(s): ${summary.paid} paid, ${summary.closed} closed, ` +
        `${summary.flagged} flagged, ${summary.errors} could not be checked.`,
    );
    process.exitCode = summary.errors > 0 ? 2 : 0;
    await jobs.stop();
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('Reconciliation failed:', (error as Error).message);
  process.exit(1);
});
