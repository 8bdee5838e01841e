import { ApiClientError } from '../errors/api-client-error';
import type { Portal } from '../types/accounts';
import type {
  CreatePaymentOrderPayload,
  PaymentOrder,
  PaymentStatusResponse,
  RawPaymentOrderFields,
} from '../types/payments';
import type { EndpointContext } from './context';
import { API_PATHS, buildPath } from './paths';

export interface PaymentsApi {
  /** POST /api/registration/cashfree/create-order/; the answer normalised to one shape. */
  createPaymentOrder(payload: CreatePaymentOrderPayload): Promise<PaymentOrder>;
  /** GET /api/registration/cashfree-status/{orderId}/ */
  getPaymentStatus(orderId: string): Promise<PaymentStatusResponse>;
}

function pickString(sources: RawPaymentOrderFields[], keys: (keyof RawPaymentOrderFields)[]) {
  for (const source of sources) {
    for (const key of keys) {
      const value = source[key];
      if (typeof value === 'string' && value !== '') return value;
      if (typeof value === 'number') return String(value);
    }
  }
  return undefined;
}

/**
 * Accepts `order_id` or `orderId` and `payment_session_id` or `paymentSessionId`, at the top
 * level or under `data` (spec section 3). A missing value is an error that names it, because the
 * payment screen shows this message to the user.
 */
export function normalizePaymentOrder(raw: unknown): PaymentOrder {
  const top = (typeof raw === 'object' && raw !== null ? raw : {}) as RawPaymentOrderFields & {
    data?: unknown;
  };
  const nested = typeof top.data === 'object' && top.data !== null ? top.data : {};
  const sources = [top, nested as RawPaymentOrderFields];
  const order_id = pickString(sources, ['order_id', 'orderId']);
  const payment_session_id = pickString(sources, ['payment_session_id', 'paymentSessionId']);
  const missing = [
    order_id === undefined && 'order_id',
    payment_session_id === undefined && 'payment_session_id',
  ].filter(Boolean);
  if (order_id === undefined || payment_session_id === undefined) {
    throw new ApiClientError(`Payment order response is missing ${missing.join(' and ')}`);
  }
  return { order_id, payment_session_id };
}

export type PaymentOutcome = 'success' | 'failure' | 'pending';

/** Spec section 4: SUCCESS, PAID or COMPLETED succeed; FAILED or ERROR fail; anything else waits. */
export function classifyPaymentStatus(status: string | null | undefined): PaymentOutcome {
  const value = (status ?? '').toUpperCase();
  if (value === 'SUCCESS' || value === 'PAID' || value === 'COMPLETED') return 'success';
  if (value === 'FAILED' || value === 'ERROR') return 'failure';
  return 'pending';
}

export function paymentsEndpoints<P extends Portal>(ctx: EndpointContext<P>): PaymentsApi {
  const { http } = ctx;
  return {
    async createPaymentOrder(payload) {
      const { data } = await http.post<unknown>(API_PATHS.createPaymentOrder, payload);
      return normalizePaymentOrder(data);
    },
    async getPaymentStatus(orderId) {
      const { data } = await http.get<PaymentStatusResponse>(
        buildPath(API_PATHS.paymentStatus, { id: orderId }),
      );
      return data;
    },
  };
}
