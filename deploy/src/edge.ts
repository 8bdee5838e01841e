import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from './cluster';

/**
 * HAProxy as deployed (deploy/haproxy.cfg with LB_TLS_CERT) in front of one server, ending TLS
 * with a certificate made for this run and speaking HTTP/2 to browsers that offer it: what a phone
 * meets in production. The bench's Lighthouse loads pages through it (bench/README.md F12).
 */
export interface Edge {
  /** https://localhost:<port> */
  url: string;
  /** The run's self-signed certificate (PEM): a client trusts it as its CA. */
  ca: string;
  /** For Chromium's --ignore-certificate-errors-spki-list: this run's key is the only one let in. */
  spkiHash: string;
  stop(): Promise<void>;
}

function ready(url: string, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    const send = url.startsWith('https:') ? request : httpRequest;
    const req = send(`${url}/api/ready`, { ca, timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/**
 * `backendUrl`: the one instance behind it, e.g. http://127.0.0.1:4000. `tls: false` starts the
 * same configuration without LB_TLS_CERT (plain HTTP, as `pnpm cluster` runs it); `ca` and
 * `spkiHash` are then empty.
 */
export async function startEdge(
  backendUrl: string,
  { tls = true }: { tls?: boolean } = {},
): Promise<Edge> {
  const dir = mkdtempSync(join(tmpdir(), 'loan-bench-edge-'));
  const made = !tls
    ? { status: 0, stderr: '' }
    : spawnSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '2',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
  if (made.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`openssl could not make the edge's certificate: ${made.stderr}`);
  }
  const cert = tls ? readFileSync(join(dir, 'cert.pem'), 'utf8') : '';
  const pem = join(dir, 'edge.pem');
  if (tls) writeFileSync(pem, cert + readFileSync(join(dir, 'key.pem'), 'utf8'));
  const spki = tls
    ? new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' })
    : undefined;
  const spkiHash = spki ? createHash('sha256').update(spki).digest('base64') : '';

  const backend = new URL(backendUrl);
  const config = readFileSync(join(repoRoot, 'deploy/haproxy.cfg'), 'utf8').replace(
    '# {{servers}}',
    `server app1 ${backend.hostname}:${backend.port} check`,
  );
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, config);
  const port = await freePort();
  const haproxy: ChildProcess = spawn('haproxy', ['-db', '-f', configFile], {
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'LB_TLS_CERT')),
      LB_BIND: `127.0.0.1:${port}`,
      ...(tls ? { LB_TLS_CERT: pem } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let failed: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    haproxy.on('exit', () => resolve());
    // Not installed: `bash scripts/ensure-haproxy.sh` installs Debian's.
    haproxy.on('error', (error) => {
      failed = error;
      resolve();
    });
  });
  const url = tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  const stop = async () => {
    haproxy.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (!(await ready(url, cert))) {
    if (failed || haproxy.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(
        `HAProxy (TLS, HTTP/2) in front of ${backendUrl} did not answer` +
          (failed ? `: ${failed.message} (bash scripts/ensure-haproxy.sh installs it)` : ''),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, ca: cert, spkiHash, stop };
}
