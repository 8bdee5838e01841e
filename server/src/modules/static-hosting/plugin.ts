import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isLocale, LOCALE_COOKIE, type PortalName, portalForPath } from '@loan-portal/api-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { toRuntimeConfig } from '../runtime-config/routes';
import { modulePreloadHeader } from './link-header';
import { renderShellPage } from './page';
import {
  createPageHintsSource,
  type PageHints,
  type PageHintsSource,
  type PageHintsSourceOptions,
} from './page-hints';

// Vite names built assets with a content hash, so a given URL never changes content; so is the
// shell's own federation entry (remoteEntry-<hash>.js, beside index.html, which names it). A
// remote's remoteEntry.js keeps its name across builds and is revalidated.
const HASHED_ASSET =
  /[/\\](assets[/\\][^/\\]+|remoteEntry)-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/;
/** How long a remote's page hints are used before they are read again (a redeployed remote). */
const PAGE_HINTS_MAX_AGE_MS = 60_000;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The same URL of a built file is sent as br, gzip or as it is, by the request's Accept-Encoding:
 * a shared cache (the balancer's, deploy/haproxy.cfg, or a CDN's) must keep one copy per encoding,
 * or it hands brotli to a client that cannot read it. Set on the raw answer here and merged in the
 * onSend hook below with what the reply already varies on (CORS adds Origin), which Fastify writes
 * over the raw answer's headers.
 */
const VARY_ENCODING = 'Accept-Encoding';

function cacheHeaders(res: { setHeader(name: string, value: string): unknown }, path: string) {
  res.setHeader('Cache-Control', HASHED_ASSET.test(path) ? IMMUTABLE : 'no-cache');
  res.setHeader('Vary', VARY_ENCODING);
}

/** `Vary` with Accept-Encoding added to what `current` names (none, one, a list, or an array). */
function varyWithEncoding(current: string | number | string[] | undefined): string {
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) {
    return names.join(', ');
  }
  return [...names, VARY_ENCODING].join(', ');
}

/**
 * Headers a hashed asset's answer goes without (issue 17). Its URL never changes content and it is
 * cached for a year unasked, so a validator (ETag, Last-Modified) is never used and a request id
 * traces nothing a log needs; each was sent with every one of the 55-75 files of a page. On the
 * simulated slow 4G of the bench a signed-in page's load is bound by its bytes, of which response
 * headers were 9% (20.7 KB for 61 files of /register, ≈ 340 B each). Entry files (no-cache) keep
 * their validators: they are revalidated on every visit.
 */
const UNUSED_ON_IMMUTABLE = ['etag', 'last-modified', 'accept-ranges', 'x-request-id'];

interface RenderedPage {
  /** Its module scripts, asked for before the HTML is parsed (link-header.ts). */
  link: string | undefined;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressed(html: string): RenderedPage {
  const identity = Buffer.from(html);
  return {
    link: modulePreloadHeader(html),
    identity,
    // Pages are rendered once per route and hints version, then served from memory.
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

function sendPage(page: RenderedPage, request: FastifyRequest, reply: FastifyReply) {
  const accept = String(request.headers['accept-encoding'] ?? '');
  void reply
    .header('Cache-Control', 'no-cache')
    // A page is painted in the language of the `lang` cookie (issue 16).
    .header('Vary', 'Accept-Encoding, Cookie')
    .type('text/html; charset=utf-8');
  if (page.link) void reply.header('Link', page.link);
  if (/\bbr\b/.test(accept)) return reply.header('Content-Encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accept)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.identity);
}

/**
 * Serves the built shell at / and each remote under /remotes/<name>/, precompressed, with
 * long-lived caching for hashed assets and revalidation for entry files; any other GET that asks
 * for HTML gets the shell's index.html (client-side routing), rendered for its path (page.ts).
 */
export interface StaticHostingOptions {
  config: AppConfig;
  /** How each remote's hints are read; tests wrap it to wait for hints the start-up did not. */
  createPageHintsSource?: (options: PageHintsSourceOptions) => PageHintsSource;
}

export const staticHostingPlugin = fp(async (app: FastifyInstance, opts: StaticHostingOptions) => {
  const { shellDir, clientPortalDir, adminPortalDir } = opts.config.static;
  const templateFile = join(shellDir, 'index.html');
  const template = existsSync(templateFile) ? readFileSync(templateFile, 'utf8') : undefined;
  if (!template) {
    app.log.warn(`No built shell in ${shellDir}: run "pnpm build" to serve the web app.`);
  }
  const runtimeConfig = toRuntimeConfig(opts.config);

  const remotes = [
    { name: 'client_portal', prefix: '/remotes/client-portal/', root: clientPortalDir },
    { name: 'admin_portal', prefix: '/remotes/admin-portal/', root: adminPortalDir },
  ] as const;
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

  // After every other onSend hook (the request id is added by the app's own).
  app.addHook('onSend', async (_request, reply) => {
    // A built file (cacheHeaders marked its raw answer): keep Accept-Encoding in its Vary.
    if (reply.raw.getHeader('vary') === VARY_ENCODING) {
      reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    }
    if (reply.getHeader('cache-control') !== IMMUTABLE) return;
    if (reply.statusCode >= 400) {
      // A file that failed after its headers were chosen (gone in a redeploy, out of file
      // handles): the error is not the asset, must not be cached, and keeps its request id.
      reply.header('cache-control', 'no-store');
      return;
    }
    for (const name of UNUSED_ON_IMMUTABLE) reply.removeHeader(name);
  });

  const hints = Object.fromEntries(
    remotes.map((remote) => [
      remote.name,
      (opts.createPageHintsSource ?? createPageHintsSource)({
        entryUrl: runtimeConfig.remotes[remote.name],
        local: existsSync(remote.root) ? { mountPath: remote.prefix, dir: remote.root } : undefined,
        maxAgeMs: PAGE_HINTS_MAX_AGE_MS,
        onError: (error) =>
          app.log.warn({ err: error }, `Page hints of ${remote.name} not used; pages load without`),
      }),
    ]),
  ) as Record<PortalName, PageHintsSource>;
  // Loaded before the first page where possible; a slow remote origin does not hold start-up.
  if (template) {
    await Promise.race([
      Promise.all(Object.values(hints).map((source) => source.refresh())),
      new Promise((resolve) => setTimeout(resolve, 2000).unref()),
    ]);
  }

  // One rendering per (route, hints) pair; new hints replace the whole set.
  const rendered = new Map<string, RenderedPage>();
  let renderedFor: (PageHints | undefined)[] = [];
  const pageFor = (path: string, locale?: string): RenderedPage | undefined => {
    if (!template) return undefined;
    const portal = portalForPath(path);
    const current = (['client_portal', 'admin_portal'] as const).map((name) =>
      hints[name].current(),
    );
    if (current.some((value, i) => value !== renderedFor[i])) {
      rendered.clear();
      renderedFor = current;
    }
    const portalHints = hints[portal].current();
    const route = portalHints?.routes[path];
    // The visitor's language only matters where the remote painted the page in it.
    const language = locale && route?.localized?.[locale] ? locale : undefined;
    // Every page carries the cookie's language for its scripts (page.ts).
    const cookieLocale = isLocale(locale) ? locale : undefined;
    const key = `${route ? `${portal} ${path} ${language ?? ''}` : portal} ${cookieLocale ?? ''}`;
    let page = rendered.get(key);
    if (!page) {
      page = compressed(
        renderShellPage({
          template,
          config: runtimeConfig,
          entryUrl: runtimeConfig.remotes[portal],
          hints: portalHints,
          path,
          locale: language,
          cookieLocale,
        }),
      );
      rendered.set(key, page);
    }
    return page;
  };

  app.get('/', async (request, reply) => {
    const page = pageFor('/', request.cookies?.[LOCALE_COOKIE]);
    if (!page) return reply.status(503).type('text/plain').send('The web app is not built yet.');
    return sendPage(page, request, reply);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/remotes/') &&
      !path.startsWith('/assets/') &&
      String(request.headers.accept ?? '').includes('text/html');
    const page = wantsPage ? pageFor(path, request.cookies?.[LOCALE_COOKIE]) : undefined;
    if (page) return sendPage(page, request, reply);
    return reply.status(404).send({ message: `No route for ${request.method} ${path}` });
  });
});
