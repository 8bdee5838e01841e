import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/env';
import { EARLY_REQUESTS_SCRIPT_HASH } from '../modules/static-hosting/early-requests';
import { STALLED_PAGE_SCRIPT_HASH } from '../modules/static-hosting/stalled-page';
import { TYPEABLE_PAINT_SCRIPT_HASH } from '../modules/static-hosting/typeable-paint';
import { redisStoreWithFallback } from './rate-limit-store';

/** The origin of an absolute http(s) URL; undefined for a path on our own origin. */
function originOf(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? new URL(url).origin : undefined;
}

/** The Content-Security-Policy directives: our origin, plus the payment SDK and remote hosts. */
export function cspDirectives(config: AppConfig): Record<string, string[]> {
  const payment = originOf(config.payment.sdkUrl);
  // Remotes moved to a CDN load their entry, chunks and manifest from there.
  const remotes = [config.remotes.clientPortal, config.remotes.adminPortal]
    .map(originOf)
    .filter((origin): origin is string => Boolean(origin));
  const api = originOf(config.apiBaseUrl);
  const unique = (...values: (string | undefined)[]) => [
    ...new Set(values.filter((value): value is string => Boolean(value))),
  ];
  return {
    defaultSrc: ["'self'"],
    // The three inline scripts we send: the reload of a stalled page, a signed-in page's early
    // API reads, and a typeable painted page's scripts asked for after its paint (issue 17).
    scriptSrc: unique(
      "'self'",
      STALLED_PAGE_SCRIPT_HASH,
      EARLY_REQUESTS_SCRIPT_HASH,
      TYPEABLE_PAINT_SCRIPT_HASH,
      payment,
      ...remotes,
    ),
    connectSrc: unique("'self'", api, ...remotes),
    frameSrc: unique("'self'", payment),
    styleSrc: unique("'self'", "'unsafe-inline'", ...remotes),
    imgSrc: ["'self'", 'data:'],
    fontSrc: unique("'self'", ...remotes),
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

/** Responses a browser may render as a document, where the document headers mean something. */
const DOCUMENT_TYPE = /^\s*(text\/html|application\/xhtml\+xml|image\/svg\+xml)\b/i;

/** Helmet's headers that only a document reads (policy, framing, opener, HSTS, referrer...). */
const DOCUMENT_ONLY = [
  'contentSecurityPolicy',
  'crossOriginOpenerPolicy',
  'originAgentCluster',
  'referrerPolicy',
  'strictTransportSecurity',
  'xDnsPrefetchControl',
  'xDownloadOptions',
  'xFrameOptions',
  'xPermittedCrossDomainPolicies',
  'xXssProtection',
] as const;

/**
 * Headers (helmet + CSP), CORS for the configured origins only, and the rate-limit store that the
 * code, login and reset routes opt into with `config.rateLimit` (Redis when REDIS_URL is set, so
 * several instances share counters; memory otherwise).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig; redis: Redis | null }) => {
    const { config, redis } = opts;
    // Every response gets nosniff and its resource policy. The document headers (about 1 KiB with
    // the CSP) go on pages only: a hashed script, a stylesheet or a JSON answer ignores them, and
    // over HTTP/1.1 they were a sixth of what a login page downloads (bench/README.md F1).
    await app.register(helmet, {
      ...Object.fromEntries(DOCUMENT_ONLY.map((name) => [name, false])),
      xContentTypeOptions: true,
      // Remote bundles may be loaded by a shell on another origin (ARCHITECTURE.md section 3).
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
    const documentHeaders = {
      ...Object.fromEntries(DOCUMENT_ONLY.map((name) => [name, true])),
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    };
    // A header the route set itself (the payment checkout page's own CSP) stays as it is.
    app.addHook('onSend', async (request, reply, payload) => {
      if (DOCUMENT_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
        reply.helmet(documentHeaders);
      }
      // API answers carry identity and bank details, tokens and exports: no browser or proxy
      // cache may keep them (a shared computer's back button, a corporate proxy). A route that
      // chose its own caching keeps it.
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        void reply.header('cache-control', 'no-store');
      }
      return payload;
    });
    await app.register(cors, {
      origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
      credentials: true,
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Portal', 'X-Request-Id'],
      exposedHeaders: ['Retry-After', 'Content-Disposition', 'X-Request-Id'],
      maxAge: 600,
    });
    let store: FastifyRateLimitStoreCtor | undefined;
    if (redis) {
      // One warning per outage, not one per reconnect attempt or per request.
      let down = false;
      const warn = (error: Error) => {
        if (down) return;
        down = true;
        app.log.warn(
          { err: error },
          'Redis unreachable: rate limits are counted per instance until it is back',
        );
      };
      redis.on('error', warn);
      redis.on('ready', () => {
        if (down) app.log.info('Redis reachable again: rate limits are shared again');
        down = false;
      });
      store = redisStoreWithFallback(redis, 'loan-portal-rl:', warn);
    }
    await app.register(rateLimit, {
      global: false,
      ...(store ? { store } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    });
  },
  { name: 'security' },
);
