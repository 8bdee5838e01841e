import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus instruments (the reconciliation job counts into them). */
    metrics: Metrics;
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Times every request by its route template (never the raw path: ids and searches would make a
 * series each), and serves the Prometheus text at /metrics to a caller with METRICS_TOKEN as its
 * bearer token. Without a token set, /metrics answers 404 like any unknown API path.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { metrics: Metrics; token: string | undefined }) => {
    const { metrics, token } = opts;
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!token) return reply.status(404).send({ message: 'Not found' });
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(given, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: 'A valid metrics token is required.' });
      }
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    });
  },
  { name: 'metrics' },
);
