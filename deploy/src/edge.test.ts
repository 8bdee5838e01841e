import assert from 'node:assert/strict';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect } from 'node:http2';
import { request } from 'node:https';
import { after, before, test } from 'node:test';
import { type Edge, startEdge } from './edge';

/**
 * `pnpm --filter deploy test:edge`: deploy/haproxy.cfg with LB_TLS_CERT, in front of a plain
 * HTTP server that tells what it received. What a browser meets at the edge: TLS, HTTP/2 when it
 * offers it, HTTP/1.1 when it does not, and a scheme the instances can believe.
 */
let backend: Server;
let edge: Edge;
/** How many times the instance was asked for each path, by Accept-Encoding. */
const reached = new Map<string, number>();

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A built file as the instances answer it (server/src/modules/static-hosting): immutable under a
 * hashed name, in the encoding the request accepts, with Vary naming it. A name with `gone-`
 * fails; with `short-` it may be kept only a minute; with `cookie-` it sets a cookie.
 */
function builtFile(req: IncomingMessage, res: ServerResponse) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
  const key = `${req.url} ${encoding}`;
  reached.set(key, (reached.get(key) ?? 0) + 1);
  if (req.url?.includes('/gone-')) {
    res.writeHead(500, { 'cache-control': 'no-store', 'content-type': 'application/json' });
    res.end('{"error":"Internal Server Error"}');
    return;
  }
  res.setHeader('cache-control', req.url?.includes('/short-') ? 'public, max-age=60' : IMMUTABLE);
  if (req.url?.includes('/cookie-')) res.setHeader('set-cookie', 'session=abc; HttpOnly');
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('content-type', 'application/javascript; charset=utf-8');
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  res.end(`export const file = ${JSON.stringify(`${req.url} as ${encoding}`)};`);
}

before(async () => {
  backend = createServer((req, res) => {
    if (/^\/(remotes\/[a-z-]+\/)?assets\//.test(req.url ?? '')) {
      builtFile(req, res);
      return;
    }
    reached.set(`${req.url}`, (reached.get(`${req.url}`) ?? 0) + 1);
    // Cacheable by its headers, so that only the balancer's rules keep it from the cache.
    res.setHeader('cache-control', IMMUTABLE);
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        path: req.url,
        httpVersion: req.httpVersion,
        forwardedProto: req.headers['x-forwarded-proto'] ?? null,
        forwardedHost: req.headers['x-forwarded-host'] ?? null,
      }),
    );
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const address = backend.address();
  if (!address || typeof address !== 'object') throw new Error('no backend address');
  edge = await startEdge(`http://127.0.0.1:${address.port}`);
});

after(async () => {
  await edge?.stop();
  await new Promise((resolve) => backend?.close(resolve));
});

function http2Get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{
    alpn: string | undefined;
    status: number;
    headers: IncomingHttpHeaders;
    body: string;
  }>((resolve, reject) => {
    const session = connect(edge.url, { ca: edge.ca });
    session.on('error', reject);
    const stream = session.request({ ':path': path, ...headers });
    let status = 0;
    let answered: IncomingHttpHeaders = {};
    let body = '';
    stream.on('response', (head) => {
      status = Number(head[':status']);
      answered = head;
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => {
      const alpn = session.alpnProtocol;
      session.close();
      resolve({ alpn, status, headers: answered, body });
    });
    stream.on('error', reject);
  });
}

test('a browser offering HTTP/2 gets it, over TLS, and the instance hears https', async () => {
  const answer = await http2Get('/api/ready');
  assert.equal(answer.alpn, 'h2');
  assert.equal(answer.status, 200);
  assert.deepEqual(JSON.parse(answer.body), {
    path: '/api/ready',
    httpVersion: '1.1',
    forwardedProto: 'https',
    forwardedHost: null,
  });
});

test("a client's own X-Forwarded-Proto and X-Forwarded-Host are not believed", async () => {
  const answer = await http2Get('/echo', {
    'x-forwarded-proto': 'http',
    'x-forwarded-host': 'evil.example',
  });
  assert.equal(JSON.parse(answer.body).forwardedProto, 'https');
  assert.equal(JSON.parse(answer.body).forwardedHost, null);
});

test('on the plain HTTP bind (no LB_TLS_CERT) a client claiming https is told http', async () => {
  const address = backend.address();
  if (!address || typeof address !== 'object') throw new Error('no backend address');
  const plain = await startEdge(`http://127.0.0.1:${address.port}`, { tls: false });
  try {
    const res = await fetch(`${plain.url}/echo`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    const seen = (await res.json()) as { forwardedProto: string; forwardedHost: string | null };
    assert.equal(seen.forwardedProto, 'http');
    assert.equal(seen.forwardedHost, null);
  } finally {
    await plain.stop();
  }
});

test('a client without HTTP/2 is still served over HTTP/1.1 and TLS', async () => {
  // Node's https offers no ALPN at all: the balancer must fall back to HTTP/1.1.
  const answer = await new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = request(`${edge.url}/echo`, { ca: edge.ca }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
  assert.equal(answer.status, 200);
  assert.equal(JSON.parse(answer.body).forwardedProto, 'https');
  // The balancer names the instance that answered (deploy/haproxy.cfg).
  assert.equal(answer.headers['x-served-by'], 'app1');
});

/** What Chromium sends. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

test('the balancer answers a built file from memory after the first time', async () => {
  for (const path of [
    '/assets/app-AbCdEf12.js',
    '/remotes/client-portal/assets/page-AbCdEf12.js',
  ]) {
    const first = await http2Get(path, BROWSER);
    const again = await http2Get(path, BROWSER);
    assert.equal(first.status, 200);
    assert.equal(again.status, 200);
    assert.equal(again.headers['content-encoding'], 'br');
    assert.equal(again.body, `export const file = "${path} as br";`);
    assert.equal(again.headers['x-served-by'], '<CACHE>');
    assert.equal(reached.get(`${path} br`), 1, `${path} reached the instance again`);
  }
});

test('each client gets the encoding it reads, whoever asked first', async () => {
  // A plain copy first (curl, a monitor): it must not become every browser's copy.
  const plainFirst = '/assets/plain-first-AbCdEf12.js';
  const plain = await http2Get(plainFirst, { 'accept-encoding': 'identity' });
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body, `export const file = "${plainFirst} as identity";`);
  await http2Get(plainFirst);
  assert.equal(reached.get(`${plainFirst} identity`), 2, 'a plain copy was kept');
  await http2Get(plainFirst, BROWSER);
  const browser = await http2Get(plainFirst, BROWSER);
  assert.equal(browser.headers['content-encoding'], 'br');
  assert.equal(reached.get(`${plainFirst} br`), 1);
  // A gzip copy first: kept for gzip-only clients, never handed to a browser that reads brotli.
  const gzipFirst = '/assets/gzip-first-AbCdEf12.js';
  await http2Get(gzipFirst, { 'accept-encoding': 'gzip' });
  const gzip = await http2Get(gzipFirst, { 'accept-encoding': 'gzip, deflate' });
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.equal(reached.get(`${gzipFirst} gzip`), 1);
  const br = await http2Get(gzipFirst, BROWSER);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.body, `export const file = "${gzipFirst} as br";`);
  // And a client that reads no compression never gets a compressed copy.
  const none = await http2Get(gzipFirst, { 'accept-encoding': 'identity' });
  assert.equal(none.headers['content-encoding'], undefined);
});

test('pages, entry files, the API and what is not a plain immutable file always reach an instance', async () => {
  for (const path of [
    '/login',
    '/remotes/client-portal/remoteEntry.js',
    '/api/registration/status',
  ]) {
    await http2Get(path, BROWSER);
    await http2Get(path, BROWSER);
    assert.equal(reached.get(path), 2, path);
  }
  for (const path of [
    '/assets/gone-AbCdEf12.js',
    '/assets/short-AbCdEf12.js',
    '/assets/cookie-AbCdEf12.js',
    '/assets/app-AbCdEf12.js?v=2',
  ]) {
    await http2Get(path, BROWSER);
    await http2Get(path, BROWSER);
    assert.equal(reached.get(`${path} br`), 2, path);
  }
});
