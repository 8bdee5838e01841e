import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import { createPaymentProvider } from '../../providers/payments';
import type { JobQueue } from '../jobs/queue';
import { simulatorRoutes } from '../payments-simulator/routes';
import { createOrderSchema, statusSchema, webhookSchema } from './schemas';
import { createPaymentsService, type PaymentsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments service, for the reconciliation job started by server.ts. */
    payments: PaymentsService;
  }
}

export const WEBHOOK_PATH = '/api/registration/cashfree/webhook/';

export interface PaymentsPluginOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Where the job announcing a paid application is written (with the payment). */
  jobs: Pick<JobQueue, 'enqueue'>;
  /** Tests inject a clock; the default is the wall clock. */
  now?: () => number;
}

/**
 * Payment routes of spec section 7, the webhook, and (while the simulator is the provider) the
 * simulator's SDK shim and checkout. Needs the auth plugin (app.requireClient).
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, opts: PaymentsPluginOptions) => {
    const now = opts.now ?? Date.now;
    const provider = createPaymentProvider(opts.config, opts.database.db, now);
    const service = createPaymentsService({
      db: opts.database.db,
      provider,
      feeInr: opts.config.applicationFeeInr,
      publicBaseUrl: opts.config.payments.publicBaseUrl,
      reconcileMinAgeSeconds: opts.config.payments.reconcileMinAgeSeconds,
      orderExpiryMinutes: opts.config.payments.orderExpiryMinutes,
      log: app.log,
      jobs: opts.jobs,
      now,
    });
    app.decorate('payments', service);

    app.post(
      '/api/registration/cashfree/create-order/',
      { schema: createOrderSchema, preHandler: app.requireClient },
      async (request) => service.createOrder(request.user.id),
    );

    app.get<{ Params: { order_id: string } }>(
      '/api/registration/cashfree-status/:order_id/',
      { schema: statusSchema, preHandler: app.requireClient },
      async (request) => service.getStatus(request.user.id, request.params.order_id),
    );

    // Own context: the signature covers the exact bytes, so this route alone keeps the raw body.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      webhook.post(WEBHOOK_PATH, { schema: webhookSchema }, async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await service.handleWebhook(raw, request.headers);
        return { status: outcome };
      });
    });

    if (provider.name === 'simulator' && 'complete' in provider) {
      app.log.warn(
        'Payments run on the simulator (PAYMENT_PROVIDER=simulator): no real money moves. ' +
          'Set PAYMENT_PROVIDER=cashfree for real payments.',
      );
      const publicBase = opts.config.payments.publicBaseUrl;
      await app.register(simulatorRoutes, {
        provider,
        webhookPath: WEBHOOK_PATH,
        ownOrigins: [
          ...(publicBase ? [new URL(publicBase).origin] : []),
          ...opts.config.corsOrigins,
        ],
      });
    }
  },
  { name: 'payments', dependencies: ['auth'] },
);
