import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../plugins/error-handler';
import type { ConsoleSmsProvider } from './console';

/**
 * GET /api/dev/sms-outbox?phone=: the codes the console provider "sent", newest first. Registered
 * only with the console provider, which production refuses to start with.
 */
export async function smsOutboxRoutes(
  app: FastifyInstance,
  opts: { outbox: Pick<ConsoleSmsProvider, 'outbox'> },
) {
  app.get(
    '/api/dev/sms-outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages of the console SMS provider (development only)',
        querystring: {
          type: 'object',
          properties: { phone: { type: 'string', pattern: '^\\d{10}$' } },
          required: ['phone'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              messages: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    to: { type: 'string' },
                    body: { type: 'string' },
                    code: { type: 'string' },
                    sent_at: { type: 'string', format: 'date-time' },
                  },
                  required: ['to', 'body', 'code', 'sent_at'],
                },
              },
            },
            required: ['messages'],
          },
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const { phone } = request.query as { phone: string };
      return { messages: await opts.outbox.outbox(phone) };
    },
  );
}
