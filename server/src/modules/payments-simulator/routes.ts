import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { objectOf } from '../../lib/json-schema';
import { errorResponses, HttpError } from '../../plugins/error-handler';
import {
  SIMULATED_PAYMENT_GROUPS,
  type SimulatedOutcome,
  type SimulatedPaymentGroup,
  SimulatorConflict,
  type SimulatorProvider,
} from '../../providers/payments/simulator';
import { pageLocale } from '../i18n/request-locale';
import { renderCheckoutPage } from './checkout-page';
import { SDK_SHIM_JS } from './sdk-shim';

const SESSION_PATTERN = '^session_[A-Za-z0-9_-]{10,200}$';
const sessionParams = objectOf<{ session: string }>({
  session: { type: 'string', pattern: SESSION_PATTERN },
});
const tags = ['payment simulator'];
const text = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: { type: 'string' } } },
});

/** What a completed simulated checkout answers to its page. */
interface CompletionAnswer {
  order_id: string;
  cf_payment_id: string;
  payment_status: string;
  payment_message?: string | null;
  webhook_status: number;
}

/**
 * The origin the checkout page may post its result to: the caller's `parent_origin` only when it
 * is one of ours (this server as the browser reached it, PUBLIC_BASE_URL, or a CORS origin of a
 * shell hosted elsewhere). Any other page that framed the checkout learns nothing from it.
 * "As the browser reached it" is safe to take from the request's Host: a browser sets Host to
 * the address it loaded, which a page of another origin cannot change; a non-browser caller that
 * forges Host only has the result posted to itself.
 */
function parentOriginOf(raw: unknown, ours: Set<string>): string | null {
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    const url = new URL(raw);
    return url.origin === raw && /^https?:$/.test(url.protocol) && ours.has(raw) ? raw : null;
  } catch {
    return null;
  }
}

/**
 * Routes of the offline payment simulator; registered only while it is the provider. Completing
 * a session records a Cashfree-shaped payment and then delivers the signed webhook to our own
 * endpoint, so the same verification and mark-paid code runs as with Cashfree.
 */
export async function simulatorRoutes(
  app: FastifyInstance,
  opts: {
    provider: SimulatorProvider;
    webhookPath: string;
    /** Origins of our own pages besides this server's: PUBLIC_BASE_URL and CORS_ORIGINS. */
    ownOrigins: string[];
  },
) {
  const { provider } = opts;
  const ownOrigins = (request: { protocol: string; host: string }) =>
    new Set([...opts.ownOrigins, `${request.protocol}://${request.host}`]);

  app.get(
    '/payments-simulator/cashfree.js',
    {
      schema: {
        tags,
        summary: "Stand-in for Cashfree's checkout SDK",
        response: { 200: text('application/javascript', 'The SDK shim') },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(SDK_SHIM_JS),
  );

  app.get<{
    Params: { session: string };
    Querystring: { parent_origin?: string; lang?: string };
  }>(
    '/payments-simulator/checkout/:session',
    {
      schema: {
        tags,
        summary: 'The checkout page of a payment session (opened in a modal)',
        params: sessionParams,
        response: {
          200: text('text/html', 'The checkout page'),
          ...errorResponses(400, 404, 500),
        },
      },
    },
    async (request, reply) => {
      const checkout = await provider.findCheckout(request.params.session);
      if (!checkout) throw new HttpError(404, 'Payment session not found.');
      const nonce = randomBytes(16).toString('base64');
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header(
          'Content-Security-Policy',
          `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'`,
        )
        .header('Referrer-Policy', 'no-referrer')
        .send(
          renderCheckoutPage({
            paymentSessionId: request.params.session,
            checkout,
            parentOrigin: parentOriginOf(request.query.parent_origin, ownOrigins(request)),
            nonce,
            locale: pageLocale(request),
          }),
        );
    },
  );

  app.post<{
    Params: { session: string };
    Body: { outcome: SimulatedOutcome; payment_group?: SimulatedPaymentGroup };
  }>(
    '/payments-simulator/sessions/:session/complete',
    {
      schema: {
        tags,
        summary: 'Pay, fail or close a simulated checkout; delivers the signed webhook',
        params: sessionParams,
        body: {
          type: 'object',
          properties: {
            outcome: { type: 'string', enum: ['SUCCESS', 'FAILED', 'USER_DROPPED'] },
            payment_group: { type: 'string', enum: [...SIMULATED_PAYMENT_GROUPS] },
          },
          required: ['outcome'],
        },
        response: {
          200: objectOf<CompletionAnswer>(
            {
              order_id: { type: 'string' },
              cf_payment_id: { type: 'string' },
              payment_status: { type: 'string' },
              payment_message: { type: ['string', 'null'] },
              webhook_status: {
                type: 'integer',
                description: 'The HTTP status our own webhook endpoint answered',
              },
            },
            ['payment_message'],
          ),
          ...errorResponses(400, 404, 409, 500),
        },
      },
    },
    async (request): Promise<CompletionAnswer> => {
      let completed: Awaited<ReturnType<SimulatorProvider['complete']>>;
      try {
        completed = await provider.complete(
          request.params.session,
          request.body.outcome,
          request.body.payment_group ?? 'upi',
        );
      } catch (error) {
        if (error instanceof SimulatorConflict) throw new HttpError(409, error.message);
        throw error;
      }
      if (!completed) throw new HttpError(404, 'Payment session not found.');
      // Cashfree calls our webhook on its own; a failed delivery is caught up by reconciliation.
      const delivery = await app.inject({
        method: 'POST',
        url: opts.webhookPath,
        headers: completed.webhook.headers,
        payload: completed.webhook.body,
      });
      if (delivery.statusCode !== 200) {
        request.log.warn({ status: delivery.statusCode }, 'simulated webhook was not accepted');
      }
      return {
        order_id: completed.payment.order_id,
        cf_payment_id: completed.payment.cf_payment_id,
        payment_status: completed.payment.payment_status,
        payment_message: completed.payment.payment_message,
        webhook_status: delivery.statusCode,
      };
    },
  );
}
