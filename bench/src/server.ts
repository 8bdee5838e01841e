import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';
import { benchEncryptionKey, benchJwtSecret, repoRoot, staffCredentials } from './config';
import type { MinimalScenario } from './minimal-server';

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Builds the production shell, remotes and server once per process (BENCH_SKIP_BUILD=1 skips). */
let built = false;
export function buildProduction(): void {
  if (built || process.env.BENCH_SKIP_BUILD === '1') {
    built = true;
    return;
  }
  console.log('bench: building the production shell, remotes and server ...');
  const filters = ['shell', 'client-portal', 'admin-portal', 'server'].flatMap((name) => [
    '--filter',
    name,
  ]);
  const result = spawnSync('pnpm', [...filters, 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the production build failed');
  built = true;
}

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Memory of a process in bytes from /proc: current RSS and its high-water mark (VmHWM). */
export function processMemory(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
  } catch {
    return undefined;
  }
}

/**
 * Resets VmHWM to the current RSS (Linux >= 4.0, `5 > /proc/<pid>/clear_refs`), so a later peak
 * belongs to what ran after this call, not to start-up or the argon2 of a login (64 MiB).
 */
export function resetPeakMemory(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `node server/dist/server.js` (the production server, not through pnpm, so `pid` is the
 * server itself) on a free port of 127.0.0.1 and waits for /api/health.
 */
export async function startServer(
  env: Record<string, string> = {},
  /** Extra Node flags, e.g. ['--cpu-prof'] to see where a slow figure goes. */
  nodeArgs: string[] = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
): Promise<RunningServer> {
  const entry = join(repoRoot, 'server/dist/server.js');
  if (!existsSync(entry)) throw new Error('server/dist/server.js is missing: run the build first');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'loan-bench-'));
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), ...nodeArgs, entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATA_ENCRYPTION_KEY: benchEncryptionKey,
      JWT_SECRET: benchJwtSecret,
      ADMIN_USERNAME: staffCredentials.username,
      ADMIN_PASSWORD: staffCredentials.password,
      // An hour: no token expires in the middle of a run.
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      // The bench signs in a few times per run from one IP; the limits stay on, only higher.
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      OTP_MAX_PER_IP_PER_HOUR: '1000',
      OTP_MAX_PER_NUMBER_PER_HOUR: '100',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer /api/health within 120 s');
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    stop: () => stopChild(child, dataDir),
  };
}

/** Ends a child process with SIGTERM and removes its directory once it has exited. */
function stopChild(child: ChildProcess, dir: string): Promise<void> {
  return new Promise<void>((done) => {
    const finish = () => {
      rmSync(dir, { recursive: true, force: true });
      done();
    };
    if (child.exitCode !== null) return finish();
    child.once('exit', finish);
    child.kill('SIGTERM');
  });
}

/**
 * Starts minimal-server.ts (node:http and postgres-js alone) for `scenarios`, each at `/<index>`:
 * the floor the portal's server is compared with.
 */
export async function startMinimalServer(
  databaseUrl: string,
  scenarios: MinimalScenario[],
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'loan-bench-minimal-'));
  const file = join(dir, 'scenarios.json');
  writeFileSync(file, JSON.stringify(scenarios));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'bench/src/minimal-server.ts'), file, String(port)],
    { cwd: join(repoRoot, 'bench'), env: { ...process.env, DATABASE_URL: databaseUrl } },
  );
  child.stderr?.pipe(process.stderr);
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`the minimal server exited with code ${code}`)));
    child.stdout?.once('data', () => ready());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => stopChild(child, dir),
  };
}
