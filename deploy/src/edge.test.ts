import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
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

before(async () => {
  backend = createServer((req, res) => {
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
  return new Promise<{ alpn: string | undefined; status: number; body: string }>(
    (resolve, reject) => {
      const session = connect(edge.url, { ca: edge.ca });
      session.on('error', reject);
      const stream = session.request({ ':path': path, ...headers });
      let status = 0;
      let body = '';
      stream.on('response', (head) => {
        status = Number(head[':status']);
      });
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        body += chunk;
      });
      stream.on('end', () => {
        const alpn = session.alpnProtocol;
        session.close();
        resolve({ alpn, status, body });
      });
      stream.on('error', reject);
    },
  );
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
