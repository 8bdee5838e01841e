import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/error-handler';
import {
  type PaymentProvider,
  PaymentProviderError,
  PaymentProviderRejection,
  type ProviderPayment,
  WebhookVerificationError,
} from '../../providers/payments';
import type { JobQueue } from '../jobs/queue';
import { profiles, registrations } from '../registration/tables';
import { createReconciliation } from './reconciliation';
import { CURRENCY, createSettlement, newestFirst, type SettleOutcome } from './settlement';
import { type PaymentOrderRow, paymentOrders, payments } from './tables';

export { exactPaise, type SettleOutcome } from './settlement';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PaymentsServiceOptions {
  db: Database;
  provider: PaymentProvider;
  feeInr: number;
  publicBaseUrl: string | undefined;
  reconcileMinAgeSeconds: number;
  /** An order takes no payment after this; reconciliation then closes it. */
  orderExpiryMinutes: number;
  log: Logger;
  /** The paid application's history row and SMS job are written with the payment. */
  jobs: Pick<JobQueue, 'enqueue'>;
  now?: () => number;
}

export type PublicPaymentStatus = 'SUCCESS' | 'FAILED' | 'PENDING' | 'USER_DROPPED';

export interface PaymentStatusBody {
  status: PublicPaymentStatus;
  payment_data: {
    cf_payment_id: string;
    order_id: string;
    payment_status: string;
    payment_amount: number;
    payment_completion_time: string | null;
  }[];
}

export const MESSAGES = {
  noDraft: 'There is no application waiting for payment.',
  alreadyPaid: 'This application has already been paid for.',
  underReview:
    'A payment for this application is being reviewed. Please contact support before paying again.',
  busy: 'A payment is already being started for this application. Please try again.',
  unreachable: 'The payment service is not reachable right now. Please try again in a minute.',
  orderNotFound: 'Payment order not found.',
} as const;

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505') return true;
  }
  return false;
}

export function createPaymentsService(options: PaymentsServiceOptions) {
  const { db, provider, log } = options;
  const now = options.now ?? Date.now;
  const { settlePayment, settleAll } = createSettlement({ db, log, jobs: options.jobs, now });
  const reconciliation = createReconciliation({
    db,
    provider,
    log,
    now,
    settleAll,
    minAgeSeconds: options.reconcileMinAgeSeconds,
  });

  async function findRegistrationOf(userId: number) {
    const [row] = await db
      .select({
        id: registrations.id,
        status: registrations.status,
        phone: profiles.contactNumber,
      })
      .from(registrations)
      .innerJoin(profiles, eq(profiles.id, registrations.profileId))
      .where(eq(registrations.userId, userId));
    return row ?? null;
  }

  async function registrationStatus(id: number) {
    const [row] = await db
      .select({ status: registrations.status })
      .from(registrations)
      .where(eq(registrations.id, id));
    return row?.status ?? null;
  }

  function unreachable(error: unknown): never {
    if (error instanceof PaymentProviderRejection) {
      throw new HttpError(502, `The payment could not be started: ${error.message}`);
    }
    if (error instanceof PaymentProviderError) {
      log.warn({ reason: error.message }, 'payment provider unavailable');
      throw new HttpError(503, MESSAGES.unreachable, undefined, { 'retry-after': '30' });
    }
    throw error;
  }

  /** Open order of the registration: re-use it if the provider still has it open. */
  async function reuseOpenOrder(
    order: PaymentOrderRow,
    phone: string,
  ): Promise<{ order_id: string; payment_session_id: string } | 'closed'> {
    let remote = await provider.fetchOrder(order.orderId).catch(unreachable);
    if (!remote) {
      // The create timed out before reaching the provider: create it now, same idempotency key.
      remote = await provider.createOrder(orderInput(order, phone)).catch(unreachable);
    }
    if (remote.order_status === 'ACTIVE' || remote.order_status === 'PAID') {
      const outcomes = await settleAll(
        await provider.fetchPayments(order.orderId).catch(unreachable),
      );
      const status = await registrationStatus(order.registrationId);
      if (status === 'paid') throw new HttpError(409, MESSAGES.alreadyPaid);
      if (outcomes.includes('flagged') || remote.order_status === 'PAID') {
        throw new HttpError(409, MESSAGES.underReview);
      }
      await db
        .update(paymentOrders)
        .set({
          paymentSessionId: remote.payment_session_id,
          cfOrderId: remote.cf_order_id,
          updatedAt: new Date(now()),
        })
        .where(eq(paymentOrders.id, order.id));
      return { order_id: order.orderId, payment_session_id: remote.payment_session_id };
    }
    // EXPIRED or TERMINATED: nothing more can be paid on it. Record what it had, then close it.
    await settleAll(await provider.fetchPayments(order.orderId).catch(unreachable));
    await db
      .update(paymentOrders)
      .set({ status: remote.order_status, updatedAt: new Date(now()) })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'ACTIVE')));
    return 'closed';
  }

  function orderInput(order: PaymentOrderRow, phone: string) {
    const base = options.publicBaseUrl;
    return {
      orderId: order.orderId,
      amount: order.amount,
      currency: CURRENCY as 'INR',
      customer: { id: `user_${order.userId}`, phone },
      returnUrl: base ? `${base}/payment?order_id={order_id}` : undefined,
      notifyUrl: base ? `${base}/api/registration/cashfree/webhook/` : undefined,
      idempotencyKey: `create-${order.orderId}`,
      expiresAt: order.expiresAt,
    };
  }

  return {
    settlePayment,

    /** POST create-order: the fee is ours, never the browser's. */
    async createOrder(userId: number) {
      const registration = await findRegistrationOf(userId);
      if (!registration) throw new HttpError(409, MESSAGES.noDraft);
      if (registration.status === 'paid') throw new HttpError(409, MESSAGES.alreadyPaid);
      if (registration.status !== 'draft') throw new HttpError(409, MESSAGES.noDraft);
      const [flagged] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.registrationId, registration.id), isNotNull(payments.flag)))
        .limit(1);
      if (flagged) throw new HttpError(409, MESSAGES.underReview);

      const [open] = await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.registrationId, registration.id),
            eq(paymentOrders.status, 'ACTIVE'),
          ),
        );
      if (open) {
        const reused = await reuseOpenOrder(open, registration.phone);
        if (reused !== 'closed') return reused;
      }

      let order: PaymentOrderRow;
      try {
        [order] = (await db
          .insert(paymentOrders)
          .values({
            orderId: `LP${registration.id}_${randomBytes(8).toString('hex')}`,
            registrationId: registration.id,
            userId,
            amount: options.feeInr,
            currency: CURRENCY,
            status: 'ACTIVE',
            provider: provider.name,
            // The app's clock, not the database's default: reconciliation compares its age with
            // now(), and a test's clock that was past the real time made the order look too new.
            createdAt: new Date(now()),
            updatedAt: new Date(now()),
            expiresAt: new Date(now() + options.orderExpiryMinutes * 60_000),
          })
          .returning()) as [PaymentOrderRow];
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.busy);
        throw error;
      }
      try {
        const remote = await provider.createOrder(orderInput(order, registration.phone));
        await db
          .update(paymentOrders)
          .set({
            cfOrderId: remote.cf_order_id,
            paymentSessionId: remote.payment_session_id,
            updatedAt: new Date(now()),
          })
          .where(eq(paymentOrders.id, order.id));
        return { order_id: order.orderId, payment_session_id: remote.payment_session_id };
      } catch (error) {
        if (error instanceof PaymentProviderRejection) {
          // Refused for certain: close it so the next attempt starts afresh.
          await db
            .update(paymentOrders)
            .set({ status: 'REJECTED', updatedAt: new Date(now()) })
            .where(eq(paymentOrders.id, order.id));
        }
        // A PaymentProviderError leaves the order ACTIVE: the provider may have created it, and
        // the next call or reconciliation asks it.
        return unreachable(error);
      }
    },

    /** GET status: the provider's answer, settled through the mark-paid path. */
    async getStatus(userId: number, orderId: string): Promise<PaymentStatusBody> {
      const [order] = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.orderId, orderId), eq(paymentOrders.userId, userId)));
      if (!order) throw new HttpError(404, MESSAGES.orderNotFound);

      let list: ProviderPayment[];
      try {
        list = await provider.fetchPayments(orderId);
        await settleAll(list);
      } catch (error) {
        if (!(error instanceof PaymentProviderError || error instanceof PaymentProviderRejection)) {
          throw error;
        }
        // Unknown outcome: answer from what we have recorded; reconciliation will ask again.
        log.warn({ orderId, reason: error.message }, 'status check could not reach the provider');
        const rows = await db
          .select()
          .from(payments)
          .where(eq(payments.orderId, orderId))
          .orderBy(asc(payments.id));
        list = rows.map((row) => row.raw as ProviderPayment);
      }
      const sorted = newestFirst(list);
      const paid = (await registrationStatus(order.registrationId)) === 'paid';
      const accepted = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'SUCCESS')));
      let status: PublicPaymentStatus;
      if (sorted.some((p) => p.payment_status === 'SUCCESS')) {
        status = paid && accepted.length > 0 ? 'SUCCESS' : 'PENDING';
      } else {
        const latest = sorted[0]?.payment_status;
        status =
          latest === 'FAILED' || latest === 'CANCELLED' || latest === 'VOID'
            ? 'FAILED'
            : latest === 'USER_DROPPED'
              ? 'USER_DROPPED'
              : 'PENDING';
      }
      return {
        status,
        payment_data: sorted.map((p) => ({
          cf_payment_id: p.cf_payment_id,
          order_id: p.order_id,
          payment_status: p.payment_status,
          payment_amount: p.payment_amount,
          payment_completion_time: p.payment_completion_time,
        })),
      };
    },

    /** POST webhook: verified, de-duplicated by cf_payment_id and type, then settled. */
    async handleWebhook(
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<SettleOutcome | 'ignored'> {
      let event: ReturnType<PaymentProvider['verifyWebhook']>;
      try {
        event = provider.verifyWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          log.warn({ reason: error.message }, 'webhook rejected');
          throw new HttpError(401, 'Invalid webhook signature.');
        }
        throw error;
      }
      if (!event.payment) return 'ignored';
      return settlePayment(event.payment, { key: event.payment.cf_payment_id, type: event.type });
    },

    /** Re-checks open orders (reconciliation.ts). */
    reconcile: reconciliation.reconcile,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
