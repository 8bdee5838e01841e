import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths';

// Issue 21: SIGTERM under load answered 503 "refusing to accept new requests as server is
// closing" on kept-alive connections, and the process left through the force-exit timer with 1.

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

interface Answer {
  status: number;
  body: string;
}

function get(port: number, path: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += String(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * The port the server says it listens on (Fastify's "Server listening at ..." line). It picks a
 * free one itself (PORT=0): a port found free here and handed over could be taken by another
 * test file's server in between, and the checks below would then talk to that one.
 */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen: string | undefined = '';
    // Read to the end (a full pipe would stall the server), but searched only until found.
    child.stdout?.on('data', (chunk) => {
      if (seen === undefined) return;
      seen = (seen + String(chunk)).slice(-4096);
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(seen)?.[1];
      if (port) {
        seen = undefined;
        resolve(Number(port));
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
}

/** The server in a process of its own, as production runs it; resolves once it is ready. */
async function startServer(env: Record<string, string>) {
  // node itself, not the tsx command: that runs the server in a child process of its own and,
  // under load, ended it at once on SIGTERM instead of relaying the signal (exit 143, no drain,
  // every kept-alive connection reset), as worker-crash.test.ts found for SIGKILL.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'loan-drain-')),
      // Info, for the line that names the port; what else it logs is read and dropped.
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.add(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const port = await listeningPort(child);
  await expect
    .poll(
      () =>
        get(port, '/api/ready', false).then(
          (a) => a.status,
          () => 0,
        ),
      { timeout: 60_000, interval: 250 },
    )
    .toBe(200);
  return { port, child, exited };
}

describe('SIGTERM under load', () => {
  it('turns not-ready, keeps serving while the balancer notices, fails no request and exits 0', async () => {
    const { port, child, exited } = await startServer({ DRAIN_DELAY_SECONDS: '2' });

    // A balancer: it sends requests while the instance's readiness check passes (checked every
    // 200 ms), over kept-alive connections, and stops once the check fails.
    let routable = true;
    let sawDraining = false;
    const checker = (async () => {
      while (routable) {
        const answer = await get(port, '/api/ready', false).catch(() => null);
        if (answer?.status !== 200) {
          sawDraining = answer?.status === 503 && JSON.parse(answer.body).status === 'draining';
          routable = false;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    let signalledAt = Number.POSITIVE_INFINITY;
    const answers: { status: number; at: number }[] = [];
    const failures: string[] = [];
    const clients = Array.from({ length: 8 }, async () => {
      while (routable) {
        try {
          const { status } = await get(port, '/api/health', agent);
          answers.push({ status, at: Date.now() });
        } catch (error) {
          failures.push((error as NodeJS.ErrnoException).code ?? String(error));
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    signalledAt = Date.now();
    child.kill('SIGTERM');
    await Promise.all([checker, ...clients]);
    const code = await exited;
    const exitedAfterMs = Date.now() - signalledAt;
    agent.destroy();

    expect(failures).toEqual([]);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(sawDraining).toBe(true);
    // It went on serving after the signal, while not ready.
    expect(answers.filter((answer) => answer.at > signalledAt).length).toBeGreaterThan(0);
    expect(code).toBe(0);
    // The 2 s wait, then a quick close: nowhere near the 30 s force-exit.
    expect(exitedAfterMs).toBeLessThan(15_000);
  }, 120_000);

  it('keeps serving past DRAIN_DELAY_SECONDS while a slow balancer still routes here, then exits 0', async () => {
    const { port, child, exited } = await startServer({ DRAIN_DELAY_SECONDS: '1' });
    // A loaded balancer: it takes the instance out 3 s after the signal, two seconds after the
    // drain delay ended, and routes clients here until then over kept-alive and new connections.
    const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });
    let routable = true;
    const answers: number[] = [];
    const failures: string[] = [];
    const clients = Array.from({ length: 6 }, async (_, index) => {
      while (routable) {
        try {
          const { status } = await get(port, '/config.json', index < 4 ? keptAlive : false);
          answers.push(status);
        } catch (error) {
          failures.push((error as NodeJS.ErrnoException).code ?? String(error));
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    routable = false;
    await Promise.all(clients);
    const code = await exited;
    const exitedAfterMs = Date.now() - signalledAt;
    keptAlive.destroy();

    expect(failures).toEqual([]);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect(code).toBe(0);
    // It closed once the requests stopped (a second of quiet), not at the force-exit.
    expect(exitedAfterMs).toBeGreaterThanOrEqual(3_000);
    expect(exitedAfterMs).toBeLessThan(15_000);
  }, 120_000);
});
