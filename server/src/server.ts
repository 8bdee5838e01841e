import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { readOrCreateSecretFile } from './config/secret-file';
import { openDatabase } from './db/client';
import { ensureStaffUser } from './modules/accounts/service';
import { startReconcileJob } from './modules/payments/reconcile';

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
    const { created } = await ensureStaffUser(database.db, config.auth.bootstrapAdmin);
    if (created) console.log(`Created staff user "${config.auth.bootstrapAdmin.username}".`);
  }
  const app = await buildApp({ config, database });

  let reconcileJob: ReturnType<typeof startReconcileJob> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await reconcileJob?.stop();
      await app.close();
      await database.close();
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
    reconcileJob = startReconcileJob(app, config.payments.reconcileIntervalSeconds);
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
