import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from './paths';

const running = new Set<ChildProcess>();

function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(serverRoot, 'node_modules/.bin/tsx'), ['src/server.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'loan-start-')),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        ...env,
      },
    });
    running.add(child);
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    // The port is tried once the database is ready: a fresh PGlite's initdb and every migration
    // first, which took 30 s on a loaded 2-core machine (the test's own limit is 60 s).
    const timer = setTimeout(() => child.kill('SIGKILL'), 55_000);
    child.on('exit', (code) => {
      running.delete(child);
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('server start-up failures', () => {
  let blocker: Server;
  let port: number;

  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const address = blocker.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    // A test that gave up (time-out on a busy machine) must not leave a server behind.
    for (const child of running) child.kill('SIGKILL');
    await new Promise<void>((r) => blocker.close(() => r()));
  });

  it('says the port is taken and exits non-zero', async () => {
    const { code, stderr } = await runServer({ PORT: String(port) });
    expect(code).toBe(1);
    expect(stderr).toContain(`Port ${port} is already in use.`);
  });

  it('names a bad setting and exits non-zero', async () => {
    const { code, stderr } = await runServer({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(stderr).toContain('Configuration error: PORT must be a positive whole number');
  });
});
