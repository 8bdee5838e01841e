import {
  type FlaggedPayment,
  PAYMENT_FLAG_KINDS,
  RESOLUTION_NOTE_MAX_LENGTH,
} from '@loan-portal/api-client';
import type { FastifyInstance } from 'fastify';
import { object, string } from 'yup';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { type Fields, nullable, objectOf } from '../../lib/json-schema';
import { errorResponses, HttpError } from '../../plugins/error-handler';
import { createPaymentProvider, type PaymentProvider } from '../../providers/payments';
import { paginationSchema } from '../audit-trail/schemas';
import { requireSuperuser } from '../audit-trail/superuser';
import { documentationOnly, parseId, validateBody } from '../registration/schemas';
import { createPaymentFlagService, type FlagState, NOT_FLAGGED } from './service';

export const PAYMENT_FLAGS_PATH = '/api/registration/admin/payment-flags/';
const SUPERUSER_ONLY = 'Only a superuser can resolve a flagged payment.';
const PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const noteBody = object({
  // validateBody is strict (no casting), so the trim is a test here and done by the handler.
  note: string()
    .required('Please write a note.')
    .test('filled', 'Please write a note.', (value) => (value ?? '').trim().length >= 3)
    .max(
      RESOLUTION_NOTE_MAX_LENGTH,
      `The note must be at most ${RESOLUTION_NOTE_MAX_LENGTH} characters.`,
    ),
}).noUnknown('The request has a field this call does not take.');

const integer = { type: 'integer' };
const str = { type: 'string' };
const time = { type: 'string', format: 'date-time' };

const flaggedSchema = objectOf<FlaggedPayment>({
  id: integer,
  flag: { type: 'string', enum: PAYMENT_FLAG_KINDS },
  order_id: str,
  cf_payment_id: str,
  expected_amount: { type: 'number' },
  expected_currency: str,
  received_amount: { type: 'number' },
  received_currency: str,
  payment_status: str,
  payment_group: nullable(str),
  payment_time: nullable(time),
  completed_at: nullable(time),
  recorded_at: time,
  order_created_at: time,
  registration: {
    type: 'object',
    properties: { id: integer, status: str, full_name: nullable(str) },
    required: ['id', 'status', 'full_name'],
  },
  refundable: { type: 'boolean' },
  resolution: nullable({
    type: 'object',
    properties: {
      resolution: { type: 'string', enum: ['noted', 'refunded'] },
      note: str,
      resolved_by: {
        type: 'object',
        properties: { id: integer, username: nullable(str) },
        required: ['id', 'username'],
      },
      resolved_at: time,
      refund: nullable({
        type: 'object',
        properties: {
          refund_id: str,
          cf_refund_id: nullable(str),
          status: nullable(str),
          amount: { type: 'number' },
        },
        required: ['refund_id', 'cf_refund_id', 'status', 'amount'],
      }),
    },
    required: ['resolution', 'note', 'resolved_by', 'resolved_at', 'refund'],
  } satisfies Record<string, unknown>),
} satisfies Fields<FlaggedPayment>);

function pageParam(raw: unknown, key: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new HttpError(400, `${key} must be a positive whole number`);
  }
  return Number(raw);
}

/** Flagged payments: staff read them; a superuser resolves or refunds one (audited). */
export async function paymentFlagRoutes(
  app: FastifyInstance,
  opts: { config: AppConfig; db: Database; now: () => number; provider?: PaymentProvider },
) {
  // The same provider settings as the payments module (Cashfree, or the simulator in our DB).
  const provider = opts.provider ?? createPaymentProvider(opts.config, opts.db, opts.now);
  const service = createPaymentFlagService({ db: opts.db, provider, now: opts.now });
  const staff = { preHandler: app.requireStaff, validatorCompiler: documentationOnly };
  const superuser = {
    preHandler: [app.requireStaff, requireSuperuser(SUPERUSER_ONLY)],
    validatorCompiler: documentationOnly,
  };

  app.get(
    PAYMENT_FLAGS_PATH,
    {
      ...staff,
      schema: {
        tags: ['back office'],
        summary: 'Payments the server flagged, newest first, with their evidence (staff)',
        security: [{ bearerAuth: [] }],
        querystring: {
          type: 'object',
          properties: {
            state: { type: 'string', enum: ['open', 'resolved', 'all'], default: 'open' },
            page: { type: 'integer', minimum: 1 },
            page_size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              results: { type: 'array', items: flaggedSchema },
              pagination: paginationSchema,
            },
            required: ['results', 'pagination'],
          },
          ...errorResponses(400, 401, 403, 500),
        },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const state = query.state ?? 'open';
      if (state !== 'open' && state !== 'resolved' && state !== 'all') {
        throw new HttpError(400, 'state must be open, resolved or all');
      }
      const page = pageParam(query.page, 'page', 1);
      const pageSize = pageParam(query.page_size, 'page_size', PAGE_SIZE);
      if (pageSize > MAX_PAGE_SIZE) {
        throw new HttpError(400, `page_size must be at most ${MAX_PAGE_SIZE}`);
      }
      const { rows, total } = await service.list(state as FlagState, page, pageSize);
      return {
        results: rows,
        pagination: {
          current_page: page,
          page_size: pageSize,
          total_items: total,
          total_pages: Math.ceil(total / pageSize),
        },
      };
    },
  );

  const action = (summary: string) => ({
    ...superuser,
    schema: {
      tags: ['back office'],
      summary,
      security: [{ bearerAuth: [] }],
      params: {
        type: 'object',
        properties: { id: { type: 'integer', minimum: 1 } },
        required: ['id'],
      },
      body: {
        type: 'object',
        properties: { note: { type: 'string', maxLength: RESOLUTION_NOTE_MAX_LENGTH } },
        required: ['note'],
      },
      response: { 200: flaggedSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 502) },
    },
  });

  app.post<{ Params: { id: string } }>(
    `${PAYMENT_FLAGS_PATH}:id/resolve/`,
    action('Closes a flagged payment with a note (superuser, audited)'),
    async (request) => {
      const id = parseId(request.params.id, NOT_FLAGGED);
      const { note } = await validateBody(noteBody, request.body);
      return service.resolve(id, note.trim(), { userId: request.user.id, ip: request.ip });
    },
  );

  app.post<{ Params: { id: string } }>(
    `${PAYMENT_FLAGS_PATH}:id/refund/`,
    action('Refunds a duplicate or mismatched payment at the provider (superuser, audited)'),
    async (request) => {
      const id = parseId(request.params.id, NOT_FLAGGED);
      const { note } = await validateBody(noteBody, request.body);
      return service.refund(id, note.trim(), { userId: request.user.id, ip: request.ip });
    },
  );
}
