import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, desc, eq, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  simulatorOrders,
  simulatorPayments,
  simulatorRefunds,
} from '../../modules/payments/tables';
import {
  type CreateOrderInput,
  type CreateRefundInput,
  type PaymentProvider,
  PaymentProviderRejection,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
} from './types';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

export type SimulatedOutcome = 'SUCCESS' | 'FAILED' | 'USER_DROPPED';
export const SIMULATED_PAYMENT_GROUPS = [
  'credit_card',
  'debit_card',
  'upi',
  'net_banking',
] as const;
export type SimulatedPaymentGroup = (typeof SIMULATED_PAYMENT_GROUPS)[number];

const IST_OFFSET_MS = 330 * 60_000;

/** Cashfree writes times in IST with an explicit offset: 2025-05-05T12:20:29+05:30. */
export function cashfreeTime(date: Date | null): string | null {
  if (!date) return null;
  return `${new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}

const MESSAGES: Record<SimulatedOutcome, string> = {
  SUCCESS: '00::Transaction success',
  FAILED: '05::Transaction declined by the simulated bank',
  USER_DROPPED: 'User dropped and did not complete the payment',
};

const WEBHOOK_TYPES: Record<SimulatedOutcome, string> = {
  SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
  FAILED: 'PAYMENT_FAILED_WEBHOOK',
  USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
};

export interface SimulatorOptions {
  db: Database;
  /** Signs the simulator's webhooks; the same verification code as for Cashfree checks them. */
  webhookSecret: string;
  webhookToleranceMs: number;
  now?: () => number;
}

export interface SimulatedCheckout {
  orderId: string;
  amount: number;
  currency: string;
  status: string;
}

export interface CompletedPayment {
  payment: ProviderPayment;
  /** The webhook Cashfree would send, signed, ready to deliver to our own endpoint. */
  webhook: { body: string; headers: Record<string, string> };
}

export interface SimulatorProvider extends PaymentProvider {
  readonly name: 'simulator';
  findCheckout(paymentSessionId: string): Promise<SimulatedCheckout | null>;
  /** null when the session is unknown; throws SimulatorConflict when the order is not ACTIVE. */
  complete(
    paymentSessionId: string,
    outcome: SimulatedOutcome,
    paymentGroup: SimulatedPaymentGroup,
  ): Promise<CompletedPayment | null>;
}

export class SimulatorConflict extends Error {
  override name = 'SimulatorConflict';
}

/** Cashfree's view of an order: an unpaid one past its order_expiry_time reads EXPIRED. */
function statusAt(row: typeof simulatorOrders.$inferSelect, at: number): string {
  return row.orderStatus === 'ACTIVE' && row.expiresAt && row.expiresAt.getTime() <= at
    ? 'EXPIRED'
    : row.orderStatus;
}

function toOrder(row: typeof simulatorOrders.$inferSelect, at: number): ProviderOrder {
  return {
    cf_order_id: row.cfOrderId,
    order_id: row.orderId,
    order_status: statusAt(row, at),
    payment_session_id: row.paymentSessionId,
    order_amount: row.orderAmount,
    order_currency: row.orderCurrency,
  };
}

function toPayment(row: typeof simulatorPayments.$inferSelect): ProviderPayment {
  return {
    cf_payment_id: row.cfPaymentId,
    order_id: row.orderId,
    payment_status: row.paymentStatus,
    payment_amount: row.paymentAmount,
    payment_currency: row.paymentCurrency,
    payment_message: row.paymentMessage,
    payment_time: cashfreeTime(row.paymentTime),
    payment_completion_time: cashfreeTime(row.paymentCompletionTime),
    payment_group: row.paymentGroup,
  };
}

function toRefund(row: typeof simulatorRefunds.$inferSelect): ProviderRefund {
  return {
    cf_refund_id: row.cfRefundId,
    cf_payment_id: row.cfPaymentId,
    refund_id: row.refundId,
    order_id: row.orderId,
    refund_amount: row.refundAmount,
    refund_currency: row.refundCurrency,
    refund_note: row.refundNote,
    refund_status: row.refundStatus,
    created_at: cashfreeTime(row.createdAt),
    processed_at: cashfreeTime(row.processedAt),
  };
}

/** Cashfree's error body for a refused refund: 4xx with message and code. */
function refused(status: number, message: string, code: string): never {
  throw new PaymentProviderRejection(message, status, code);
}

/**
 * Cashfree without the network: orders and payments live in our database in Cashfree's shapes,
 * and completing a checkout produces the webhook Cashfree would send, signed the same way.
 */
export function createSimulatorProvider(options: SimulatorOptions): SimulatorProvider {
  const { db } = options;
  const now = options.now ?? Date.now;

  async function findBySession(paymentSessionId: string) {
    const [row] = await db
      .select()
      .from(simulatorOrders)
      .where(eq(simulatorOrders.paymentSessionId, paymentSessionId));
    return row ?? null;
  }

  return {
    name: 'simulator',

    async createOrder(input: CreateOrderInput) {
      // Like Cashfree's x-idempotency-key: a retried create answers with the first order.
      const [existing] = await db
        .select()
        .from(simulatorOrders)
        .where(eq(simulatorOrders.idempotencyKey, input.idempotencyKey));
      if (existing) return toOrder(existing, now());
      const [row] = await db
        .insert(simulatorOrders)
        .values({
          orderId: input.orderId,
          cfOrderId: String(randomInt(1_000_000_000, 2 ** 47)),
          paymentSessionId: `session_${randomBytes(32).toString('base64url')}`,
          idempotencyKey: input.idempotencyKey,
          orderAmount: input.amount,
          orderCurrency: input.currency,
          customerId: input.customer.id,
          expiresAt: input.expiresAt,
        })
        .onConflictDoNothing()
        .returning();
      if (row) return toOrder(row, now());
      // A concurrent create with the same key won the race: answer with its order.
      const [winner] = await db
        .select()
        .from(simulatorOrders)
        .where(eq(simulatorOrders.idempotencyKey, input.idempotencyKey));
      if (!winner) throw new Error('simulator order conflict without a matching idempotency key');
      return toOrder(winner, now());
    },

    async fetchOrder(orderId: string) {
      const [row] = await db
        .select()
        .from(simulatorOrders)
        .where(eq(simulatorOrders.orderId, orderId));
      return row ? toOrder(row, now()) : null;
    },

    async fetchPayments(orderId: string) {
      const rows = await db
        .select()
        .from(simulatorPayments)
        .where(eq(simulatorPayments.orderId, orderId))
        .orderBy(asc(simulatorPayments.paymentTime));
      return rows.map(toPayment);
    },

    async createRefund(input: CreateRefundInput) {
      // Cashfree's rules: a paid order, a refund_id new to the order, at most what was paid less
      // what was refunded already. The simulated bank settles the refund at once.
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(simulatorOrders)
          .where(eq(simulatorOrders.orderId, input.orderId))
          .for('update');
        if (!order) refused(404, 'order not found', 'order_not_found');
        const [paid] = await tx
          .select()
          .from(simulatorPayments)
          .where(
            and(
              eq(simulatorPayments.orderId, input.orderId),
              eq(simulatorPayments.paymentStatus, 'SUCCESS'),
            ),
          )
          .orderBy(desc(simulatorPayments.paymentTime))
          .limit(1);
        if (!paid) {
          refused(400, 'refund can only be initiated for a paid order', 'order_not_paid');
        }
        const [same] = await tx
          .select({ id: simulatorRefunds.cfRefundId })
          .from(simulatorRefunds)
          .where(
            and(
              eq(simulatorRefunds.orderId, input.orderId),
              eq(simulatorRefunds.refundId, input.refundId),
            ),
          );
        if (same)
          refused(409, 'refund with same refund_id already exists', 'refund_already_exists');
        const [refunded] = await tx
          .select({ total: sum(simulatorRefunds.refundAmount) })
          .from(simulatorRefunds)
          .where(eq(simulatorRefunds.orderId, input.orderId));
        const left =
          Math.round(paid.paymentAmount * 100) - Math.round(Number(refunded?.total ?? 0) * 100);
        const asked = Math.round(input.amount * 100);
        if (!(asked > 0) || asked > left) {
          refused(
            400,
            `refund_amount : invalid value provided. Value received: ${input.amount}`,
            'refund_amount_invalid',
          );
        }
        const time = new Date(now());
        const [row] = await tx
          .insert(simulatorRefunds)
          .values({
            cfRefundId: String(randomInt(1_000_000_000, 2 ** 47)),
            refundId: input.refundId,
            orderId: input.orderId,
            cfPaymentId: paid.cfPaymentId,
            refundAmount: input.amount,
            refundCurrency: paid.paymentCurrency,
            refundNote: input.note,
            refundStatus: 'SUCCESS',
            createdAt: time,
            processedAt: time,
          })
          .returning();
        return toRefund(row!);
      });
    },

    async fetchRefund(orderId: string, refundId: string) {
      const [row] = await db
        .select()
        .from(simulatorRefunds)
        .where(and(eq(simulatorRefunds.orderId, orderId), eq(simulatorRefunds.refundId, refundId)));
      return row ? toRefund(row) : null;
    },

    verifyWebhook(rawBody, headers) {
      return verifyWebhookSignature(rawBody, headers, {
        secret: options.webhookSecret,
        toleranceMs: options.webhookToleranceMs,
        now,
      });
    },

    async findCheckout(paymentSessionId: string) {
      const row = await findBySession(paymentSessionId);
      if (!row) return null;
      return {
        orderId: row.orderId,
        amount: row.orderAmount,
        currency: row.orderCurrency,
        status: statusAt(row, now()),
      };
    },

    async complete(paymentSessionId, outcome, paymentGroup) {
      const payment = await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(simulatorOrders)
          .where(eq(simulatorOrders.paymentSessionId, paymentSessionId))
          .for('update');
        if (!order) return null;
        const status = statusAt(order, now());
        if (status !== 'ACTIVE') {
          throw new SimulatorConflict(`This order is ${status.toLowerCase()}.`);
        }
        const time = new Date(now());
        const [row] = await tx
          .insert(simulatorPayments)
          .values({
            cfPaymentId: String(randomInt(1_000_000_000, 2 ** 47)),
            orderId: order.orderId,
            paymentStatus: outcome,
            paymentAmount: order.orderAmount,
            paymentCurrency: order.orderCurrency,
            paymentMessage: MESSAGES[outcome],
            paymentGroup,
            paymentTime: time,
            paymentCompletionTime: time,
          })
          .returning();
        if (outcome === 'SUCCESS') {
          await tx
            .update(simulatorOrders)
            .set({ orderStatus: 'PAID' })
            .where(eq(simulatorOrders.orderId, order.orderId));
        }
        return { payment: toPayment(row!), order };
      });
      if (!payment) return null;

      const body = JSON.stringify({
        data: {
          order: {
            order_id: payment.order.orderId,
            order_amount: payment.order.orderAmount,
            order_currency: payment.order.orderCurrency,
            order_tags: null,
          },
          payment: {
            cf_payment_id: payment.payment.cf_payment_id,
            payment_status: payment.payment.payment_status,
            payment_amount: payment.payment.payment_amount,
            payment_currency: payment.payment.payment_currency,
            payment_message: payment.payment.payment_message,
            payment_time: payment.payment.payment_time,
            payment_group: payment.payment.payment_group,
          },
          customer_details: { customer_id: payment.order.customerId },
        },
        event_time: cashfreeTime(new Date(now())),
        type: WEBHOOK_TYPES[outcome],
      });
      const timestamp = String(now());
      return {
        payment: payment.payment,
        webhook: {
          body,
          headers: {
            'content-type': 'application/json',
            'x-webhook-timestamp': timestamp,
            'x-webhook-signature': signWebhook(options.webhookSecret, timestamp, body),
            'x-webhook-version': '2025-01-01',
            'x-webhook-attempt': '1',
          },
        },
      };
    },
  };
}
