/**
 * One payment-provider interface with two implementations: the Cashfree PG REST adapter and the
 * offline simulator. Both speak Cashfree's shapes (API version 2025-01-01), so everything above
 * this layer is written once.
 */

/** Cashfree order statuses. */
export type ProviderOrderStatus = 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED' | (string & {});

/** Cashfree payment statuses (an order may carry several payments, one per attempt). */
export type ProviderPaymentStatus =
  | 'SUCCESS'
  | 'FAILED'
  | 'PENDING'
  | 'USER_DROPPED'
  | 'NOT_ATTEMPTED'
  | 'CANCELLED'
  | 'VOID'
  | (string & {});

export interface CreateOrderInput {
  orderId: string;
  /** Rupees, e.g. 199 or 199.5. */
  amount: number;
  currency: 'INR';
  customer: { id: string; phone: string };
  returnUrl?: string;
  notifyUrl?: string;
  /** Sent as x-idempotency-key so a retried create never makes a second order. */
  idempotencyKey: string;
  /** order_expiry_time: no payment is taken after it (Cashfree's default would be 30 days). */
  expiresAt: Date;
}

export interface ProviderOrder {
  cf_order_id: string;
  order_id: string;
  order_status: ProviderOrderStatus;
  payment_session_id: string;
  order_amount: number;
  order_currency: string;
}

export interface ProviderPayment {
  cf_payment_id: string;
  order_id: string;
  payment_status: ProviderPaymentStatus;
  payment_amount: number;
  payment_currency: string;
  payment_message?: string | null;
  payment_time: string | null;
  payment_completion_time: string | null;
  payment_group: string | null;
}

export interface CreateRefundInput {
  orderId: string;
  /** Ours, unique within the order: a retried refund with the same id is refused, never doubled. */
  refundId: string;
  /** Rupees. */
  amount: number;
  note: string;
}

/** Cashfree's refund entity (the fields we keep). */
export interface ProviderRefund {
  cf_refund_id: string;
  cf_payment_id: string;
  refund_id: string;
  order_id: string;
  refund_amount: number;
  refund_currency: string;
  refund_note: string | null;
  /** PENDING, SUCCESS, CANCELLED or ONHOLD. */
  refund_status: string;
  created_at: string | null;
  processed_at: string | null;
}

export type WebhookEventType =
  | 'PAYMENT_SUCCESS_WEBHOOK'
  | 'PAYMENT_FAILED_WEBHOOK'
  | 'PAYMENT_USER_DROPPED_WEBHOOK'
  | (string & {});

/** A verified webhook: Cashfree's `{data: {order, payment}, event_time, type}`. */
export interface WebhookEvent {
  type: WebhookEventType;
  eventTime: string | null;
  orderId: string;
  /** Present on payment webhooks; other event types carry none. */
  payment: ProviderPayment | null;
}

export interface PaymentProvider {
  readonly name: 'cashfree' | 'simulator';
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  /** null when the provider has no such order (it was never created). */
  fetchOrder(orderId: string): Promise<ProviderOrder | null>;
  fetchPayments(orderId: string): Promise<ProviderPayment[]>;
  /** POST /orders/{order_id}/refunds: refunds money the order took. */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  /**
   * GET /orders/{order_id}/refunds/{refund_id}: a refund made earlier, e.g. one whose answer was
   * lost (a retry is then refused as already existing). null when there is no such refund.
   */
  fetchRefund(orderId: string, refundId: string): Promise<ProviderRefund | null>;
  /** Throws WebhookVerificationError for a forged, stale or malformed webhook. */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): WebhookEvent;
}

/**
 * The provider could not be reached or answered 5xx / timed out: the outcome is unknown, so the
 * order stays open and reconciliation asks again later. The message never carries secrets.
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The provider refused the request (4xx): its message is safe to show, and retrying won't help. */
export class PaymentProviderRejection extends Error {
  override name = 'PaymentProviderRejection';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}
