import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';

export async function healthRoutes(app: FastifyInstance, opts: { database: DatabaseHandle }) {
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
          503: {
            type: 'object',
            properties: { status: { type: 'string' }, message: { type: 'string' } },
          },
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
}
