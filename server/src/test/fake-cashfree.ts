import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

interface FakeOrder {
  cf_order_id: string;
  order_id: string;
  entity: 'order';
  order_amount: number;
  order_currency: string;
  order_status: string;
  payment_session_id: string;
  order_expiry_time: string;
  customer_details: unknown;
  order_meta: unknown;
  created_at: string;
}

interface Scripted {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A local stand-in for Cashfree PG (2025-01-01) on port 0: answers the documented order,
 * payment and refund shapes and error bodies, and can be told to rate-limit, fail, hang, or do
 * a request and lose its answer.
 */
export async function startFakeCashfree(
  credentials = { appId: 'TEST_APP', secret: 'TEST_SECRET' },
) {
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, Record<string, unknown>[]>();
  const idempotency = new Map<string, FakeOrder>();
  const refunds = new Map<string, Record<string, unknown>[]>();
  const scripted: Scripted[] = [];
  let hanging = false;
  let loseNextAnswer = false;
  const held: ServerResponse[] = [];
  let nextId = 5_114_910_000;

  function send(res: ServerResponse, status: number, body: unknown, headers = {}) {
    if (loseNextAnswer) {
      // Done, but the answer never leaves: the caller times out not knowing it was done.
      loseNextAnswer = false;
      held.push(res);
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = text ? JSON.parse(text) : undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });

    if (hanging) {
      held.push(res);
      return;
    }
    const next = scripted.shift();
    if (next) return send(res, next.status, next.body, next.headers);

    if (
      req.headers['x-client-id'] !== credentials.appId ||
      req.headers['x-client-secret'] !== credentials.secret
    ) {
      return send(res, 401, {
        message: 'authentication Failed',
        code: 'request_failed',
        type: 'authentication_error',
      });
    }
    if (req.headers['x-api-version'] !== '2025-01-01') {
      return send(res, 400, {
        message: 'x-api-version is missing in the request',
        code: 'request_failed',
        type: 'invalid_request_error',
      });
    }

    if (req.method === 'POST' && url.pathname === '/pg/orders') {
      const key = String(req.headers['x-idempotency-key'] ?? '');
      const replay = key ? idempotency.get(key) : undefined;
      if (replay) return send(res, 200, replay);
      if (orders.has(body.order_id)) {
        return send(res, 409, {
          message: 'order with same id is already present',
          code: 'order_already_exists',
          type: 'invalid_request_error',
        });
      }
      if (!(body.order_amount >= 1)) {
        return send(res, 400, {
          message: 'order_amount : invalid value provided. Value received: 0',
          code: 'order_amount_invalid',
          type: 'invalid_request_error',
        });
      }
      const order: FakeOrder = {
        cf_order_id: String(nextId++),
        order_id: body.order_id,
        entity: 'order',
        order_amount: body.order_amount,
        order_currency: body.order_currency,
        order_status: 'ACTIVE',
        payment_session_id: `session_${randomBytes(24).toString('base64url')}`,
        order_expiry_time: new Date(Date.now() + 30 * 864e5).toISOString(),
        customer_details: body.customer_details,
        order_meta: body.order_meta ?? null,
        created_at: new Date().toISOString(),
      };
      orders.set(order.order_id, order);
      if (key) idempotency.set(key, order);
      return send(res, 200, order);
    }
    const refundPath = /^\/pg\/orders\/([^/]+)\/refunds$/.exec(url.pathname);
    if (req.method === 'POST' && refundPath) {
      const order = orders.get(decodeURIComponent(refundPath[1]!));
      if (!order) {
        return send(res, 404, {
          message: 'order not found',
          code: 'order_not_found',
          type: 'invalid_request_error',
        });
      }
      const paid = (payments.get(order.order_id) ?? []).find((p) => p.payment_status === 'SUCCESS');
      if (!paid) {
        return send(res, 400, {
          message: 'refund can only be initiated for a paid order',
          code: 'order_not_paid',
          type: 'invalid_request_error',
        });
      }
      const list = refunds.get(order.order_id) ?? [];
      if (list.some((r) => r.refund_id === body.refund_id)) {
        return send(res, 409, {
          message: 'refund with same refund_id already exists',
          code: 'refund_already_exists',
          type: 'invalid_request_error',
        });
      }
      const refund = {
        cf_payment_id: paid.cf_payment_id,
        cf_refund_id: String(nextId++),
        refund_id: body.refund_id,
        order_id: order.order_id,
        entity: 'refund',
        refund_amount: body.refund_amount,
        refund_currency: order.order_currency,
        refund_note: body.refund_note ?? null,
        refund_status: 'PENDING',
        refund_arn: null,
        refund_charge: 0,
        status_description: 'In Progress',
        metadata: null,
        refund_splits: [],
        refund_type: 'MERCHANT_INITIATED',
        refund_mode: 'STANDARD',
        created_at: new Date().toISOString(),
        processed_at: null,
      };
      refunds.set(order.order_id, [...list, refund]);
      return send(res, 200, refund);
    }
    const oneRefund = /^\/pg\/orders\/([^/]+)\/refunds\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && oneRefund) {
      const order = orders.get(decodeURIComponent(oneRefund[1]!));
      if (!order) {
        return send(res, 404, {
          message: 'order not found',
          code: 'order_not_found',
          type: 'invalid_request_error',
        });
      }
      const refundId = decodeURIComponent(oneRefund[2]!);
      const found = (refunds.get(order.order_id) ?? []).find((r) => r.refund_id === refundId);
      if (!found) {
        return send(res, 404, {
          message: 'refund does not exist',
          code: 'refund_not_found',
          type: 'invalid_request_error',
        });
      }
      return send(res, 200, found);
    }
    const match = /^\/pg\/orders\/([^/]+)(\/payments)?$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const order = orders.get(decodeURIComponent(match[1]!));
      if (!order) {
        return send(res, 404, {
          message: 'order not found',
          code: 'order_not_found',
          type: 'invalid_request_error',
        });
      }
      if (match[2]) return send(res, 200, payments.get(order.order_id) ?? []);
      return send(res, 200, order);
    }
    return send(res, 404, {
      message: 'bad URL, please check API documentation',
      code: 'request_failed',
      type: 'invalid_request_error',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/pg`,
    requests,
    orders,
    refunds,
    /** The next responses, in order, before normal handling resumes. */
    script(...responses: Scripted[]) {
      scripted.push(...responses);
    },
    /** While hanging, requests get no answer (the client's timeout fires). */
    hang() {
      hanging = true;
    },
    /** The next request is carried out, but its answer is never sent (a lost response). */
    loseNextAnswer() {
      loseNextAnswer = true;
    },
    recover() {
      hanging = false;
      loseNextAnswer = false;
      for (const res of held.splice(0)) res.destroy();
    },
    /** Records a payment attempt on an order, as Cashfree does when the customer pays. */
    addPayment(
      orderId: string,
      status: 'SUCCESS' | 'FAILED' | 'PENDING' | 'USER_DROPPED',
      amount?: number,
    ) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no fake order ${orderId}`);
      const time = new Date().toISOString();
      const payment = {
        cf_payment_id: String(nextId++),
        order_id: orderId,
        entity: 'payment',
        is_captured: status === 'SUCCESS',
        order_amount: order.order_amount,
        payment_amount: amount ?? order.order_amount,
        payment_currency: order.order_currency,
        payment_status: status,
        payment_message: status === 'SUCCESS' ? '00::Transaction success' : 'Transaction failed',
        payment_time: time,
        payment_completion_time: status === 'PENDING' ? null : time,
        payment_group: 'upi',
        bank_reference: '234928698581',
      };
      payments.set(orderId, [...(payments.get(orderId) ?? []), payment]);
      if (status === 'SUCCESS') order.order_status = 'PAID';
      return payment;
    },
    close: async () => {
      for (const res of held.splice(0)) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeCashfree = Awaited<ReturnType<typeof startFakeCashfree>>;
