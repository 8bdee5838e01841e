import postgres from 'postgres';
import { startCluster } from './cluster';

/**
 * `pnpm cluster [N]`: N instances (default 2) of the production build behind HAProxy, on
 * PostgreSQL (DATABASE_URL, default the local loan_cluster database, created if missing) and
 * Redis (REDIS_URL). Ctrl-C stops them all. `pnpm test:cluster` runs cluster-test.ts.
 */
async function start(count: number) {
  const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/loan_cluster';
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = postgres(databaseUrl.replace(/\/[^/]*$/, '/postgres'), {
    max: 1,
    onnotice: () => {},
  });
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!exists) await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const cluster = await startCluster({
    count,
    databaseUrl,
    redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    port: process.env.LB_PORT ? Number(process.env.LB_PORT) : 8080,
    verbose: true,
  });
  console.log(`\n${count} instances behind HAProxy: ${cluster.url}`);
  for (const i of cluster.instances) console.log(`  ${i.name}: ${i.url} (pid ${i.pid})`);
  console.log('Ctrl-C stops them (each drains first).');
  const stop = () => {
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const [command, argument] = process.argv.slice(2);
if (command === 'test') {
  await import('./cluster-test');
} else if (command === 'start') {
  const count = Number(argument ?? 2);
  if (!Number.isInteger(count) || count < 1) {
    console.error('Usage: pnpm cluster [N] (N instances, default 2)');
    process.exit(1);
  }
  await start(count);
} else {
  console.error('Usage: tsx src/cli.ts start [N] | test');
  process.exit(1);
}
