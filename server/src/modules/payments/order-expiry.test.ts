import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { clientWithDraft, orderRows } from './test-support';

// Issue 21: abandoned orders stayed open for ever, and every reconciliation pass asked about
// them again. Orders now expire, as Cashfree's order_expiry_time does, the simulator too.
let t: TestApp;
let clock = new Date('2026-11-25T10:00:00Z');
const advanceMinutes = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

beforeAll(async () => {
  t = await createTestApp(
    {
      PAYMENT_SIMULATOR_SECRET: 'simulator-secret-for-tests-0123456789',
      // The client is still signed in when they come back an hour later.
      ACCESS_TOKEN_TTL_SECONDS: '7200',
    },
    { now: () => clock },
  );
}, 120_000);
afterAll(() => t.close());

const createOrder = (client: { headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/registration/cashfree/create-order/',
    headers: client.headers,
    payload: { amount: 10 },
  });

async function openOrder() {
  const client = await clientWithDraft(t);
  const res = await createOrder(client);
  expect(res.statusCode).toBe(200);
  return { client, ...(res.json() as { order_id: string; payment_session_id: string }) };
}

describe('payment orders expire', () => {
  it('after 30 minutes: the checkout takes no payment and reconciliation closes the order once', async () => {
    const { client, payment_session_id } = await openOrder();
    const [order] = await orderRows(t, client.registrationId);
    expect(order!.expiresAt.toISOString()).toBe('2026-11-25T10:30:00.000Z');

    advanceMinutes(31);
    const late = await t.app.inject({
      method: 'POST',
      url: `/payments-simulator/sessions/${payment_session_id}/complete`,
      payload: { outcome: 'SUCCESS', payment_group: 'upi' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This order is expired.');

    const first = await t.app.payments.reconcile();
    expect(first).toMatchObject({ checked: 1, closed: 1, paid: 0, errors: 0 });
    expect((await orderRows(t, client.registrationId))[0]?.status).toBe('EXPIRED');
    // Closed: the next pass does not ask about it again.
    expect((await t.app.payments.reconcile()).checked).toBe(0);

    // The client can start again: a new order, with its own 30 minutes.
    const again = await createOrder(client);
    expect(again.statusCode).toBe(200);
    const orders = await orderRows(t, client.registrationId);
    expect(orders.map((o) => o.status).sort()).toEqual(['ACTIVE', 'EXPIRED']);
  });

  it('is not closed while it can still be paid', async () => {
    const { client } = await openOrder();
    advanceMinutes(10);
    const pass = await t.app.payments.reconcile();
    expect(pass.closed).toBe(0);
    expect((await orderRows(t, client.registrationId))[0]?.status).toBe('ACTIVE');
    advanceMinutes(30);
    await t.app.payments.reconcile();
  });
});
