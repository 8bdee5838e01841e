import { setTimeout as delay } from 'node:timers/promises';
import {
  type CreateOrderInput,
  type CreateRefundInput,
  type PaymentProvider,
  PaymentProviderError,
  PaymentProviderRejection,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
} from './types';
import { verifyWebhookSignature } from './webhook-signature';

export const CASHFREE_API_VERSION = '2025-01-01';
export const CASHFREE_BASE_URLS = {
  sandbox: 'https://sandbox.cashfree.com/pg',
  production: 'https://api.cashfree.com/pg',
} as const;

export interface CashfreeOptions {
  baseUrl: string;
  appId: string;
  secretKey: string;
  /** Cashfree signs webhooks with the API secret key unless configured otherwise. */
  webhookSecret: string;
  timeoutMs: number;
  /** How many times a 429 is retried before giving up. */
  maxRetries: number;
  webhookToleranceMs: number;
  /** Longest wait honoured from a Retry-After header. */
  maxRetryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function str(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function toOrder(raw: unknown): ProviderOrder {
  const o = asRecord(raw);
  return {
    cf_order_id: str(o.cf_order_id) ?? '',
    order_id: str(o.order_id) ?? '',
    order_status: str(o.order_status) ?? 'ACTIVE',
    payment_session_id: str(o.payment_session_id) ?? '',
    order_amount: Number(o.order_amount),
    order_currency: str(o.order_currency) ?? '',
  };
}

function toPayment(raw: unknown): ProviderPayment {
  const p = asRecord(raw);
  return {
    cf_payment_id: str(p.cf_payment_id) ?? '',
    order_id: str(p.order_id) ?? '',
    payment_status: str(p.payment_status) ?? 'PENDING',
    payment_amount: Number(p.payment_amount),
    payment_currency: str(p.payment_currency) ?? '',
    payment_message: str(p.payment_message),
    payment_time: str(p.payment_time),
    payment_completion_time: str(p.payment_completion_time),
    payment_group: str(p.payment_group),
  };
}

function toRefund(raw: unknown): ProviderRefund {
  // Some API versions answer a one-item list.
  const r = asRecord(Array.isArray(raw) ? raw[0] : raw);
  return {
    cf_refund_id: str(r.cf_refund_id) ?? '',
    cf_payment_id: str(r.cf_payment_id) ?? '',
    refund_id: str(r.refund_id) ?? '',
    order_id: str(r.order_id) ?? '',
    refund_amount: Number(r.refund_amount),
    refund_currency: str(r.refund_currency) ?? '',
    refund_note: str(r.refund_note),
    refund_status: str(r.refund_status) ?? 'PENDING',
    created_at: str(r.created_at),
    processed_at: str(r.processed_at),
  };
}

/** Retry-After is seconds or an HTTP date; anything else falls back to exponential backoff. */
function retryDelayMs(header: string | null, attempt: number, now: number): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  return 500 * 2 ** attempt;
}

/** Cashfree PG REST, API version 2025-01-01. */
export function createCashfreeProvider(options: CashfreeOptions): PaymentProvider {
  const sleep = options.sleep ?? ((ms: number) => delay(ms).then(() => undefined));
  const now = options.now ?? Date.now;
  const maxRetryDelay = options.maxRetryDelayMs ?? 10_000;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; json: unknown }> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            'x-api-version': CASHFREE_API_VERSION,
            'x-client-id': options.appId,
            'x-client-secret': options.secretKey,
            ...extraHeaders,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        throw new PaymentProviderError(
          timedOut
            ? `Cashfree did not answer ${method} ${path} within ${options.timeoutMs} ms`
            : `Cashfree could not be reached for ${method} ${path}`,
        );
      }
      let json: unknown = null;
      try {
        json = await response.json();
      } catch {
        json = null;
      }
      if (response.status === 429 && attempt < options.maxRetries) {
        const wait = retryDelayMs(response.headers.get('retry-after'), attempt, now());
        await sleep(Math.min(wait, maxRetryDelay));
        continue;
      }
      return { status: response.status, json };
    }
  }

  function fail(status: number, json: unknown, what: string): never {
    const body = asRecord(json);
    const message = str(body.message) ?? `Cashfree answered ${status}`;
    if (status === 429) {
      throw new PaymentProviderError(`Cashfree is rate limiting ${what}`, status);
    }
    if (status >= 400 && status < 500) {
      throw new PaymentProviderRejection(message, status, str(body.code) ?? undefined);
    }
    throw new PaymentProviderError(`Cashfree answered ${status} to ${what}`, status);
  }

  return {
    name: 'cashfree',

    async createOrder(input: CreateOrderInput) {
      const orderMeta: Record<string, string> = {};
      if (input.returnUrl) orderMeta.return_url = input.returnUrl;
      if (input.notifyUrl) orderMeta.notify_url = input.notifyUrl;
      const { status, json } = await request(
        'POST',
        '/orders',
        {
          order_id: input.orderId,
          order_amount: input.amount,
          order_currency: input.currency,
          customer_details: {
            customer_id: input.customer.id,
            customer_phone: input.customer.phone,
          },
          ...(Object.keys(orderMeta).length > 0 ? { order_meta: orderMeta } : {}),
          order_expiry_time: input.expiresAt.toISOString(),
        },
        { 'x-idempotency-key': input.idempotencyKey },
      );
      if (status !== 200) fail(status, json, 'create order');
      const order = toOrder(json);
      if (!order.payment_session_id) {
        throw new PaymentProviderError('Cashfree created an order without a payment session');
      }
      return order;
    },

    async fetchOrder(orderId: string) {
      const { status, json } = await request('GET', `/orders/${encodeURIComponent(orderId)}`);
      if (status === 404) return null;
      if (status !== 200) fail(status, json, 'fetch order');
      return toOrder(json);
    },

    async fetchPayments(orderId: string) {
      const { status, json } = await request(
        'GET',
        `/orders/${encodeURIComponent(orderId)}/payments`,
      );
      if (status === 404) return [];
      if (status !== 200) fail(status, json, 'fetch payments');
      if (!Array.isArray(json)) {
        throw new PaymentProviderError('Cashfree answered payments with an unexpected shape');
      }
      return json.map(toPayment);
    },

    async createRefund(input: CreateRefundInput) {
      const { status, json } = await request(
        'POST',
        `/orders/${encodeURIComponent(input.orderId)}/refunds`,
        { refund_amount: input.amount, refund_id: input.refundId, refund_note: input.note },
      );
      if (status !== 200) fail(status, json, 'create refund');
      const refund = toRefund(json);
      if (!refund.cf_refund_id) {
        throw new PaymentProviderError('Cashfree answered the refund with an unexpected shape');
      }
      return refund;
    },

    async fetchRefund(orderId: string, refundId: string) {
      const { status, json } = await request(
        'GET',
        `/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}`,
      );
      if (status === 404) return null;
      if (status !== 200) fail(status, json, 'fetch refund');
      const refund = toRefund(json);
      if (!refund.cf_refund_id) {
        throw new PaymentProviderError('Cashfree answered the refund with an unexpected shape');
      }
      return refund;
    },

    verifyWebhook(rawBody, headers) {
      return verifyWebhookSignature(rawBody, headers, {
        secret: options.webhookSecret,
        toleranceMs: options.webhookToleranceMs,
        now,
      });
    },
  };
}
