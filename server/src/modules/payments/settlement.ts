import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ProviderPayment } from '../../providers/payments';
import { recordStatusChange } from '../applications/status-changes';
import type { JobQueue } from '../jobs/queue';
import { registrations } from '../registration/tables';
import type { Logger } from './service';
import { paymentEvents, paymentOrders, payments } from './tables';

export type SettleOutcome =
  | 'paid'
  | 'recorded'
  | 'already_recorded'
  | 'flagged'
  | 'duplicate_event'
  | 'unknown_order';

export const CURRENCY = 'INR';
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

export function timeOf(p: { payment_completion_time: string | null; payment_time: string | null }) {
  const value = p.payment_completion_time ?? p.payment_time;
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** Newest first: by time where the provider gives one, else later in the list is newer. */
export function newestFirst<
  T extends { payment_completion_time: string | null; payment_time: string | null },
>(list: T[]): T[] {
  return list
    .map((item, index) => ({ item, index, time: timeOf(item)?.getTime() ?? 0 }))
    .sort((a, b) => b.time - a.time || b.index - a.index)
    .map(({ item }) => item);
}

export interface SettlementOptions {
  db: Database;
  log: Logger;
  /** The paid application's history row and SMS job are written with the payment. */
  jobs: Pick<JobQueue, 'enqueue'>;
  now: () => number;
}

/** Records what the provider says was paid: the webhook, the status call and reconciliation. */
export function createSettlement(options: SettlementOptions) {
  const { db, log, now } = options;

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
        } else if (existing && existing.status !== 'PENDING') {
          // The same attempt was reported failed (or dropped) first: the client was told it did
          // not go through. It pays the registration, and a human is asked to tell the client.
          flag = 'late_success';
          log.warn(
            { orderId: order.orderId, cfPaymentId: payment.cf_payment_id, was: existing.status },
            'payment succeeded after it was reported failed; paid and flagged for review',
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
      if (flag && flag !== 'late_success') return 'flagged';
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

  return { settlePayment, settleAll };
}

export type Settlement = ReturnType<typeof createSettlement>;
