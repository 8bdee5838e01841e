import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/error-handler';
import {
  type PaymentProvider,
  PaymentProviderError,
  PaymentProviderRejection,
  type ProviderPayment,
  WebhookVerificationError,
} from '../../providers/payments';
import { recordStatusChange } from '../applications/status-changes';
import type { JobQueue } from '../jobs/queue';
import { profiles, registrations } from '../registration/tables';
import { type PaymentOrderRow, paymentEvents, paymentOrders, payments } from './tables';

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

export type SettleOutcome =
  | 'paid'
  | 'recorded'
  | 'already_recorded'
  | 'flagged'
  | 'duplicate_event'
  | 'unknown_order';

const CURRENCY = 'INR';
/**
 * Rupees as whole paise, or NaN when the amount is not a whole number of paise (198.999): such an
 * amount never equals the fee. Rounding it made 198.999 pay a ₹199 fee. The tolerance only
 * absorbs binary floating point (199.99 * 100 = 19998.999999999996).
 */
export function exactPaise(rupees: number): number {
  const paise = rupees * 100;
  const whole = Math.round(paise);
  return Number.isFinite(paise) && Math.abs(paise - whole) < 1e-6 ? whole : Number.NaN;
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

function timeOf(p: { payment_completion_time: string | null; payment_time: string | null }) {
  const value = p.payment_completion_time ?? p.payment_time;
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** Newest first: by time where the provider gives one, else later in the list is newer. */
function newestFirst<
  T extends { payment_completion_time: string | null; payment_time: string | null },
>(list: T[]): T[] {
  return list
    .map((item, index) => ({ item, index, time: timeOf(item)?.getTime() ?? 0 }))
    .sort((a, b) => b.time - a.time || b.index - a.index)
    .map(({ item }) => item);
}

export function createPaymentsService(options: PaymentsServiceOptions) {
  const { db, provider, log } = options;
  const now = options.now ?? Date.now;

  /**
   * The one "mark paid" path (status call, webhook, reconciliation). In one transaction, with the
   * order and registration rows locked: records the provider's payment (unique cf_payment_id) and,
   * only for a SUCCESS whose amount and currency equal the order's fee, sets the registration
   * paid. Anything else that took money is recorded with a flag for a human, never marked paid.
   */
  async function settlePayment(
    payment: ProviderPayment,
    event?: { key: string; type: string },
  ): Promise<SettleOutcome> {
    return db.transaction(async (tx) => {
      if (event) {
        const inserted = await tx
          .insert(paymentEvents)
          .values({ eventKey: event.key, type: event.type, orderId: payment.order_id })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (inserted.length === 0) return 'duplicate_event';
      }
      const [order] = await tx
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.orderId, payment.order_id))
        .for('update');
      if (!order) {
        log.warn({ orderId: payment.order_id }, 'payment for an order we never created');
        return 'unknown_order';
      }
      const [registration] = await tx
        .select({ id: registrations.id, status: registrations.status })
        .from(registrations)
        .where(eq(registrations.id, order.registrationId))
        .for('update');
      const [existing] = await tx
        .select()
        .from(payments)
        .where(eq(payments.cfPaymentId, payment.cf_payment_id));
      if (existing && existing.status === 'SUCCESS') return 'already_recorded';
      if (existing && existing.status === payment.payment_status) return 'already_recorded';

      const success = payment.payment_status === 'SUCCESS';
      let flag: string | null = null;
      if (success) {
        if (
          // NaN never equals: an amount in fractions of a paisa is a mismatch.
          exactPaise(payment.payment_amount) !== exactPaise(order.amount) ||
          payment.payment_currency !== order.currency ||
          order.currency !== CURRENCY
        ) {
          flag = 'amount_mismatch';
          log.warn(
            {
              orderId: order.orderId,
              cfPaymentId: payment.cf_payment_id,
              expected: `${order.amount} ${order.currency}`,
              received: `${payment.payment_amount} ${payment.payment_currency}`,
            },
            'payment amount does not match the fee; recorded and flagged, not marked paid',
          );
        } else if (registration?.status !== 'draft') {
          flag = 'duplicate_payment';
          log.warn(
            {
              orderId: order.orderId,
              cfPaymentId: payment.cf_payment_id,
              status: registration?.status,
            },
            'payment for a registration that is not awaiting payment; flagged for refund',
          );
        }
      }
      const completedAt = payment.payment_completion_time
        ? timeOf({ payment_completion_time: payment.payment_completion_time, payment_time: null })
        : null;
      const values = {
        amount: payment.payment_amount,
        currency: payment.payment_currency || order.currency,
        status: payment.payment_status,
        paymentGroup: payment.payment_group,
        paymentTime: timeOf({ payment_completion_time: null, payment_time: payment.payment_time }),
        completedAt,
        flag,
        raw: payment,
        updatedAt: new Date(now()),
      };
      if (existing) {
        await tx.update(payments).set(values).where(eq(payments.id, existing.id));
      } else {
        await tx.insert(payments).values({
          ...values,
          cfPaymentId: payment.cf_payment_id,
          orderId: order.orderId,
          registrationId: order.registrationId,
        });
      }
      if (!success) return 'recorded';

      await tx
        .update(paymentOrders)
        .set({ status: 'PAID', updatedAt: new Date(now()) })
        .where(eq(paymentOrders.id, order.id));
      if (flag) return 'flagged';
      const paidAt = timeOf(payment) ?? new Date(now());
      await tx
        .update(registrations)
        .set({ status: 'paid', submittedAt: paidAt })
        .where(eq(registrations.id, order.registrationId));
      await recordStatusChange(tx, options.jobs, {
        registrationId: order.registrationId,
        from: registration?.status ?? 'draft',
        to: 'paid',
        actorUserId: null,
        at: paidAt,
      });
      log.info(
        {
          orderId: order.orderId,
          cfPaymentId: payment.cf_payment_id,
          registrationId: order.registrationId,
        },
        'registration paid',
      );
      return 'paid';
    });
  }

  async function settleAll(list: ProviderPayment[]): Promise<SettleOutcome[]> {
    const outcomes: SettleOutcome[] = [];
    // Oldest first, so a later attempt's status is the one stored last.
    for (const payment of newestFirst(list).reverse()) {
      if (!payment.cf_payment_id) continue;
      outcomes.push(await settlePayment(payment));
    }
    return outcomes;
  }

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

    /** Re-checks open orders old enough that the browser and webhook should have settled them. */
    async reconcile(limit = 100) {
      const cutoff = new Date(now() - options.reconcileMinAgeSeconds * 1000);
      const open = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.status, 'ACTIVE'), lt(paymentOrders.createdAt, cutoff)))
        .orderBy(asc(paymentOrders.updatedAt))
        .limit(limit);
      const summary = { checked: 0, paid: 0, closed: 0, flagged: 0, errors: 0 };
      for (const order of open) {
        summary.checked++;
        try {
          const remote = await provider.fetchOrder(order.orderId);
          const outcomes = remote
            ? await settleAll(await provider.fetchPayments(order.orderId))
            : [];
          summary.paid += outcomes.filter((o) => o === 'paid').length;
          summary.flagged += outcomes.filter((o) => o === 'flagged').length;
          const closed =
            remote && (remote.order_status === 'EXPIRED' || remote.order_status === 'TERMINATED');
          await db
            .update(paymentOrders)
            .set({
              ...(closed ? { status: remote.order_status } : {}),
              updatedAt: new Date(now()),
            })
            .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'ACTIVE')));
          if (closed) summary.closed++;
        } catch (error) {
          summary.errors++;
          log.warn(
            { orderId: order.orderId, reason: (error as Error).message },
            'reconciliation could not check an order',
          );
        }
      }
      if (summary.checked > 0) log.info(summary, 'payments reconciled');
      return summary;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
