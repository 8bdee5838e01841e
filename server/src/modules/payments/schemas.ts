/** JSON schemas of the payment routes (they also feed the OpenAPI document). */

const message = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

/**
 * The spec's payment screen sends amount, currency, user_id and registration_id. All are
 * accepted and ignored: the fee and the registration come from the server.
 */
export const createOrderSchema = {
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
    409: message,
  },
} as const;

export const statusSchema = {
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
    404: message,
  },
} as const;

export const webhookSchema = {
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
    401: message,
  },
} as const;
