import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { readOrCreateSecretFile } from './config/secret-file';
import { openDatabase } from './db/client';
import { foldAuditCountStripes } from './modules/audit-trail/count-stripes';
import { createReadiness, DRAIN_QUIET_MS } from './modules/health/readiness';
import { createLease, type Leader, startLeader } from './modules/leadership';
import { startReconcileJob } from './modules/payments/reconcile';
import { type PeriodicJob, startDailyCountsFold } from './modules/registration/daily-counts';
import { foldSearchCountStripes } from './modules/registration/search-count-stripes';
import { ensureBootstrapAdmin } from './modules/staff/bootstrap-admin';

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

  // Generated once so tokens survive restarts; several instances must share JWT_SECRET instead.
  config.auth.jwtSecret ??= readOrCreateSecretFile(config.dataDir, 'jwt-secret');

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (config.auth.bootstrapAdmin) {
    // A superuser on creation only; an existing account keeps its flags and password.
    const { created } = await ensureBootstrapAdmin(database.db, config.auth.bootstrapAdmin);
    if (created) console.log(`Created superuser "${config.auth.bootstrapAdmin.username}".`);
  }
  const readiness = createReadiness();
  const app = await buildApp({ config, database, readiness, startJobWorker: false });

  let reconcileJob: ReturnType<typeof startReconcileJob> | undefined;
  let countsFold: PeriodicJob | undefined;
  let jobsLeader: Leader | undefined;
  let closing = false;
  /**
   * The drain: not-ready first; then, on SIGTERM, DRAIN_DELAY_SECONDS of serving while the
   * balancer's health check notices; then stop the jobs, finish what is in flight (closing
   * kept-alive connections as they go idle) and exit 0. Ctrl-C (SIGINT) skips the wait.
   */
  const shutdown = async (signal: 'SIGTERM' | 'SIGINT') => {
    if (closing) return;
    closing = true;
    readiness.drain();
    const delay = signal === 'SIGTERM' ? config.shutdown.drainDelaySeconds : 0;
    app.log.info(`${signal} received: not ready, closing in ${delay} s`);
    const timer = setTimeout(() => {
      app.log.error(
        `the drain took longer than SHUTDOWN_TIMEOUT_SECONDS (${config.shutdown.timeoutSeconds} s)`,
      );
      process.exit(1);
    }, config.shutdown.timeoutSeconds * 1000);
    timer.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, delay * 1000));
      // A balancer slow to notice still routes here: serve until its requests stop, for at most
      // half the time left before the force-exit (the other half finishes what is in flight).
      if (delay > 0) {
        await readiness.quiet(
          DRAIN_QUIET_MS,
          Math.max(0, ((config.shutdown.timeoutSeconds - delay) * 1000) / 2),
        );
      }
      await jobsLeader?.stop();
      await app.close();
      await database.close();
      app.log.info('drained, exiting');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
    // The reconciliation and the SMS worker run on one instance at a time: the one holding the
    // lease, renewed every 10 s; when it dies another takes over within 40 s.
    if (config.jobs.worker) {
      jobsLeader = await startLeader({
        name: 'background jobs',
        lease: createLease({
          db: database.db,
          name: 'background-jobs',
          holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
          ttlSeconds: 30,
        }),
        renewEveryMs: 10_000,
        log: app.log,
        onLead: async () => {
          await app.jobWorker.start();
          reconcileJob = startReconcileJob(app, config.payments.reconcileIntervalSeconds);
          countsFold = startDailyCountsFold(database.db, app.log, [
            foldAuditCountStripes,
            foldSearchCountStripes,
          ]);
        },
        onFollow: async () => {
          await reconcileJob?.stop();
          reconcileJob = undefined;
          await countsFold?.stop();
          countsFold = undefined;
          await app.jobWorker.stop();
        },
      });
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      console.error(
        `Port ${config.port} is already in use. Stop the other process or set PORT to a free port.`,
      );
    } else {
      console.error(`The server could not start: ${(error as Error).message}`);
    }
    await database.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
