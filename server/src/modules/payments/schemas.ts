/** JSON schemas of the payment routes (they also feed the OpenAPI document). */

import { errorResponses } from '../../plugins/error-handler';

const security = [{ bearerAuth: [] }];

/**
 * The spec's payment screen sends amount, currency, user_id and registration_id. All are
 * accepted and ignored: the fee and the registration come from the server.
 */
export const createOrderSchema = {
  tags: ['payments'],
  summary: 'Start the application-fee payment of my draft application',
  security,
  body: {
    anyOf: [{ type: 'object', additionalProperties: true }, { type: 'null' }],
  },
  response: {
    200: {
      type: 'object',
      properties: {
        order_id: { type: 'string' },
        payment_session_id: { type: 'string' },
      },
      required: ['order_id', 'payment_session_id'],
    },
    ...errorResponses(401, 409, 500, 502, 503),
  },
} as const;

export const statusSchema = {
  tags: ['payments'],
  summary: "My order's payment status, as the provider reports it",
  security,
  params: {
    type: 'object',
    properties: { order_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{3,45}$' } },
    required: ['order_id'],
  },
  response: {
    200: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['SUCCESS', 'FAILED', 'PENDING', 'USER_DROPPED'] },
        payment_data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              cf_payment_id: { type: 'string' },
              order_id: { type: 'string' },
              payment_status: { type: 'string' },
              payment_amount: { type: 'number' },
              payment_completion_time: { type: ['string', 'null'] },
            },
            required: [
              'cf_payment_id',
              'order_id',
              'payment_status',
              'payment_amount',
              'payment_completion_time',
            ],
          },
        },
      },
      required: ['status', 'payment_data'],
    },
    ...errorResponses(400, 401, 404, 500),
  },
} as const;

export const webhookSchema = {
  tags: ['payments'],
  summary: "The provider's signed payment notifications",
  headers: {
    type: 'object',
    properties: {
      'x-webhook-signature': { type: 'string' },
      'x-webhook-timestamp': { type: 'string' },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: { status: { type: 'string' } },
      required: ['status'],
    },
    ...errorResponses(401, 500),
  },
} as const;
