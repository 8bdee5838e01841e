import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdtempSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A new DATA_DIR. When the run has a migrated PGlite template (global-setup.ts makes one), it holds
 * a copy: a server starting on it skips initdb and the migrations, which took 10-60 s per server
 * on the loaded CI machine, eight times a run.
 */
export function freshDataDir(prefix = 'loan-e2e-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const template = process.env.E2E_PGLITE_TEMPLATE;
  if (template && existsSync(template)) cpSync(template, join(dir, 'pglite'), { recursive: true });
  return dir;
}

/**
 * Makes the migrated PGlite template: a server started on an empty DATA_DIR, then stopped, leaves
 * its migrated database there. Answers its path for E2E_PGLITE_TEMPLATE.
 */
export async function makePgliteTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'loan-e2e-template-'));
  const server = await startAppServer({ DATA_DIR: dir });
  await server.stop();
  return join(dir, 'pglite');
}

/** Starts the production server (server/dist) on a free port with its own data directory. */
export async function startAppServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const entry = join(repoRoot, 'server/dist/server.js');
  if (!existsSync(entry))
    throw new Error('server/dist/server.js is missing: run "pnpm build" first');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // No balancer in front: a stop need not wait for one to notice (5 s a server otherwise).
      DRAIN_DELAY_SECONDS: '0',
      ...env,
      DATA_DIR: env.DATA_DIR ?? freshDataDir(),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.html': 'text/html',
};

/**
 * A plain static file server standing in for a CDN: it serves a remote's build under `prefix`
 * with CORS, as any origin other than the app server would have to.
 */
export async function startStaticOrigin(
  root: string,
  prefix: string,
  port = 0,
): Promise<RunningServer> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    const file = normalize(join(root, path.slice(prefix.length)));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Access-Control-Allow-Origin': '*',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${boundPort}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
