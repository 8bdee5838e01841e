import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverEntry = join(repoRoot, 'server/dist/server.js');
const haproxyTemplate = join(repoRoot, 'deploy/haproxy.cfg');

export interface Instance {
  name: string;
  port: number;
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  alive: boolean;
}

export interface Cluster {
  /** The balancer's address: what clients use. */
  url: string;
  /** The bearer token of every instance's /metrics. */
  metricsToken: string;
  instances: Instance[];
  /** Starts one more instance on the same database, Redis and secrets (not behind HAProxy). */
  spawnExtra(name: string): Promise<Instance>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  count: number;
  databaseUrl: string;
  redisUrl: string;
  /** Port of the balancer; a free one when omitted. */
  port?: number;
  /** More settings for every instance. */
  env?: Record<string, string>;
  /** Show the instances' and HAProxy's output. */
  verbose?: boolean;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const answers = (url: string) => async () => (await fetch(url)).status === 200;

/**
 * N server instances (the production build) on one PostgreSQL database and one Redis, sharing
 * their secrets, behind HAProxy, which checks each one's /api/ready every second.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(serverEntry)) {
    throw new Error('server/dist/server.js is missing: run pnpm build first');
  }
  // The settings every instance must share (README, "Running several instances").
  const shared = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY ?? randomBytes(32).toString('base64'),
    PAYMENT_SIMULATOR_SECRET:
      process.env.PAYMENT_SIMULATOR_SECRET ?? randomBytes(24).toString('base64url'),
    // /metrics on (the cluster test asks each instance whether it runs the jobs).
    METRICS_TOKEN: process.env.METRICS_TOKEN ?? randomBytes(24).toString('base64url'),
    // Only the balancer's X-Forwarded-For is believed.
    TRUST_PROXY: '127.0.0.1',
    // Longer than HAProxy needs to take a draining instance out (3 checks a second apart).
    DRAIN_DELAY_SECONDS: '5',
    LOG_LEVEL: 'warn',
  };
  const stdio = options.verbose ? 'inherit' : 'ignore';

  const launched: Instance[] = [];
  async function launch(name: string): Promise<Instance> {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), `loan-${name}-`));
    // Each instance's output goes to a file of its own, quoted when it fails to start.
    const logFile = join(dataDir, 'server.log');
    const out = options.verbose ? 'inherit' : openSync(logFile, 'a');
    const child = spawn(process.execPath, [...serverNodeFlags(), serverEntry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...shared,
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', out, out],
    });
    const instance: Instance = {
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      pid: child.pid ?? 0,
      child,
      alive: true,
      exited: new Promise((resolve) => {
        child.on('exit', (code) => {
          instance.alive = false;
          resolve(code);
        });
      }),
    };
    launched.push(instance);
    try {
      await waitFor(
        `${name} to be ready`,
        async () => {
          if (!instance.alive) throw new Error(`${name} exited while starting`);
          return answers(`${instance.url}/api/ready`)();
        },
        120_000,
      );
    } catch (error) {
      const tail = options.verbose ? '' : readFileSync(logFile, 'utf8').split('\n').slice(-15);
      throw new Error(`${(error as Error).message}\n${[tail].flat().join('\n')}`);
    }
    return instance;
  }

  let instances: Instance[];
  try {
    instances = await Promise.all(
      Array.from({ length: options.count }, (_, index) => launch(`app${index + 1}`)),
    );
  } catch (error) {
    // Nothing left behind: the caller has no cluster to stop.
    for (const instance of launched) if (instance.alive) instance.child.kill('SIGKILL');
    await Promise.all(launched.map((instance) => instance.exited));
    throw error;
  }
  const port = options.port ?? (await freePort());
  const config = readFileSync(haproxyTemplate, 'utf8').replace(
    '# {{servers}}',
    instances.map((i) => `server ${i.name} 127.0.0.1:${i.port} check`).join('\n    '),
  );
  const configFile = join(mkdtempSync(join(tmpdir(), 'loan-haproxy-')), 'haproxy.cfg');
  writeFileSync(configFile, config);
  // Plain HTTP here: the journeys and checks speak to it with fetch (edge.ts runs it with TLS).
  const { LB_TLS_CERT: _tls, ...environment } = process.env;
  const haproxy = spawn('haproxy', ['-db', '-f', configFile], {
    env: { ...environment, LB_BIND: `127.0.0.1:${port}` },
    stdio: ['ignore', stdio, stdio],
  });
  const haproxyExited = new Promise((resolve) => haproxy.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor('HAProxy to answer', answers(`${url}/api/ready`));
  } catch (error) {
    haproxy.kill('SIGKILL');
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => instance.exited));
    throw error;
  }
  const extras: Instance[] = [];

  return {
    url,
    metricsToken: shared.METRICS_TOKEN,
    instances,
    async spawnExtra(name) {
      const extra = await launch(name);
      extras.push(extra);
      return extra;
    },
    async stop() {
      for (const instance of [...instances, ...extras]) {
        if (instance.alive) instance.child.kill('SIGTERM');
      }
      await Promise.all([...instances, ...extras].map((i) => i.exited));
      haproxy.kill('SIGTERM');
      await haproxyExited;
    },
  };
}
