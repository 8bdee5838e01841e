import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/helpers';
import { paymentOrders, payments, simulatorOrders } from '../payments/tables';
import { clientWithDraft, signedHeaders, webhookBody } from '../payments/test-support';
import { registrations } from '../registration/tables';

export const SIM_SECRET = 'flags-simulator-secret';
const CREATE = '/api/registration/cashfree/create-order/';

async function openOrder(t: TestApp) {
  const client = await clientWithDraft(t);
  const res = await t.app.inject({
    method: 'POST',
    url: CREATE,
    headers: client.headers,
    payload: { amount: 10 },
  });
  if (res.statusCode !== 200) throw new Error(`no order: ${res.body}`);
  const { order_id, payment_session_id } = res.json() as {
    order_id: string;
    payment_session_id: string;
  };
  return { client, orderId: order_id, sessionId: payment_session_id };
}

async function pay(t: TestApp, sessionId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/payments-simulator/sessions/${sessionId}/complete`,
    payload: { outcome: 'SUCCESS', payment_group: 'upi' },
  });
  if (res.json().webhook_status !== 200) throw new Error(`webhook not taken: ${res.body}`);
}

async function flaggedPaymentOf(t: TestApp, orderId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!row?.flag) throw new Error(`order ${orderId} has no flagged payment`);
  return { paymentId: row.id, cfPaymentId: row.cfPaymentId, flag: row.flag };
}

/**
 * The simulated gateway took ₹150 for a ₹199 order: its checkout pays what its order says, so the
 * simulator's copy of the order is changed first. Settlement flags amount_mismatch.
 */
export async function mismatchedPayment(t: TestApp) {
  const { client, orderId, sessionId } = await openOrder(t);
  await t.database.db
    .update(simulatorOrders)
    .set({ orderAmount: 150 })
    .where(eq(simulatorOrders.orderId, orderId));
  await pay(t, sessionId);
  return { client, orderId, ...(await flaggedPaymentOf(t, orderId)) };
}

/** Money for a registration that another payment had already paid: duplicate_payment. */
export async function duplicatePayment(t: TestApp) {
  const { client, orderId, sessionId } = await openOrder(t);
  await t.database.db
    .update(registrations)
    .set({ status: 'paid', submittedAt: new Date() })
    .where(eq(registrations.id, client.registrationId));
  await pay(t, sessionId);
  return { client, orderId, ...(await flaggedPaymentOf(t, orderId)) };
}

/** The gateway said FAILED, then SUCCESS for the same attempt (signed webhooks): late_success. */
export async function lateSuccess(t: TestApp) {
  const { client, orderId } = await openOrder(t);
  const [order] = await t.database.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.orderId, orderId));
  const cfPaymentId = `late-${orderId}`;
  for (const status of ['FAILED', 'SUCCESS'] as const) {
    const body = webhookBody({ orderId, cfPaymentId, status, amount: order!.amount });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registration/cashfree/webhook/',
      headers: signedHeaders(SIM_SECRET, body),
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`webhook refused: ${res.body}`);
  }
  return { client, orderId, ...(await flaggedPaymentOf(t, orderId)) };
}
