import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';

// Vite names built assets with a content hash, so a given URL never changes content.
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/;

function cacheHeaders(res: { setHeader(name: string, value: string): unknown }, path: string) {
  res.setHeader(
    'Cache-Control',
    HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

interface RenderedIndex {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The shell's index.html with the product name filled in, compressed once at start-up. */
function renderIndex(shellDir: string, productName: string): RenderedIndex | null {
  const file = join(shellDir, 'index.html');
  if (!existsSync(file)) return null;
  const html = readFileSync(file, 'utf8').replaceAll('__PRODUCT_NAME__', escapeHtml(productName));
  const identity = Buffer.from(html);
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity) };
}

function sendIndex(index: RenderedIndex, request: FastifyRequest, reply: FastifyReply) {
  const accept = String(request.headers['accept-encoding'] ?? '');
  void reply
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accept)) return reply.header('Content-Encoding', 'br').send(index.br);
  if (/\bgzip\b/.test(accept)) return reply.header('Content-Encoding', 'gzip').send(index.gzip);
  return reply.send(index.identity);
}

/**
 * Serves the built shell at / and each remote under /remotes/<name>/, precompressed, with
 * long-lived caching for hashed assets and revalidation for entry files; any other GET that asks
 * for HTML gets the shell's index.html (client-side routing).
 */
export const staticHostingPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { shellDir, clientPortalDir, adminPortalDir } = opts.config.static;
  const index = renderIndex(shellDir, opts.config.productName);
  if (!index) {
    app.log.warn(`No built shell in ${shellDir}: run "pnpm build" to serve the web app.`);
  }

  const remotes = [
    { prefix: '/remotes/client-portal/', root: clientPortalDir },
    { prefix: '/remotes/admin-portal/', root: adminPortalDir },
  ];
  let decorated = false;
  for (const remote of remotes) {
    if (!existsSync(remote.root)) {
      app.log.warn(`No built remote in ${remote.root}: ${remote.prefix} will answer 404.`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: remote.root,
      prefix: remote.prefix,
      decorateReply: !decorated,
      preCompressed: true,
      cacheControl: false,
      index: false,
      // A remote may be mounted by a shell on another origin (a CDN deployment).
      setHeaders: (res, path) => {
        cacheHeaders(res, path);
        res.setHeader('Access-Control-Allow-Origin', '*');
      },
    });
    decorated = true;
  }

  if (existsSync(shellDir)) {
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      decorateReply: !decorated,
      preCompressed: true,
      cacheControl: false,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: cacheHeaders,
    });
  }

  app.get('/', async (request, reply) => {
    if (!index) return reply.status(503).type('text/plain').send('The web app is not built yet.');
    return sendIndex(index, request, reply);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/remotes/') &&
      !path.startsWith('/assets/') &&
      String(request.headers.accept ?? '').includes('text/html');
    if (wantsPage && index) return sendIndex(index, request, reply);
    return reply.status(404).send({ message: `No route for ${request.method} ${path}` });
  });
});
