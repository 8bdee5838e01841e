import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/client';
import type { Readiness } from './readiness';

const unavailable = {
  type: 'object',
  properties: { status: { type: 'string' }, message: { type: 'string' } },
  required: ['status', 'message'],
} as const;

export async function healthRoutes(
  app: FastifyInstance,
  opts: { database: DatabaseHandle; readiness: Readiness; redis: Redis | null },
) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string' }, database: { type: 'string' } },
            required: ['status', 'database'],
          },
          503: unavailable,
        },
      },
    },
    async (request, reply) => {
      try {
        await opts.database.ping();
        return { status: 'ok', database: opts.database.kind };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' });
      }
    },
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Readiness for the balancer: 503 while draining, or when the database or Redis does not answer',
        response: {
          200: {
            type: 'object',
            properties: {
              status: { type: 'string' },
              database: { type: 'string' },
              redis: { type: 'string' },
            },
            required: ['status', 'database', 'redis'],
          },
          503: unavailable,
        },
      },
    },
    async (request, reply) => {
      if (opts.readiness.draining) {
        return reply
          .status(503)
          .send({ status: 'draining', message: 'This instance is shutting down' });
      }
      try {
        await opts.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'readiness: database unreachable');
        return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' });
      }
      if (opts.redis) {
        try {
          await opts.redis.ping();
        } catch (error) {
          request.log.warn({ err: error }, 'readiness: Redis unreachable');
          return reply.status(503).send({ status: 'unavailable', message: 'Redis unreachable' });
        }
      }
      return {
        status: 'ready',
        database: opts.database.kind,
        redis: opts.redis ? 'ok' : 'not configured',
      };
    },
  );
}
