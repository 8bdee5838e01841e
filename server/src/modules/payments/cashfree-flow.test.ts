import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeCashfree, startFakeCashfree } from '../../test/fake-cashfree';
import { createTestApp, type TestApp } from '../../test/helpers';
import { startReconcileJob } from './reconcile';
import {
  clientWithDraft,
  orderRows,
  paymentRows,
  registrationRow,
  signedHeaders,
  webhookBody,
} from './test-support';

const CREATE = '/api/registration/cashfree/create-order/';
const status = (orderId: string) => `/api/registration/cashfree-status/${orderId}/`;

describe('payments through Cashfree (a fake Cashfree on a local port)', () => {
  let fake: FakeCashfree;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeCashfree();
    t = await createTestApp({
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_APP_ID: 'TEST_APP',
      CASHFREE_SECRET_KEY: 'TEST_SECRET',
      CASHFREE_BASE_URL: fake.baseUrl,
      // Long enough for a busy machine, short enough for the hanging-gateway tests.
      CASHFREE_TIMEOUT_MS: '2000',
      CASHFREE_MAX_RETRIES: '0',
      RECONCILE_MIN_AGE_SECONDS: '0',
      PUBLIC_BASE_URL: 'https://portal.example.in',
    });
    // Migrating a fresh database can take a while on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.recover());

  it('creates the order at Cashfree with our fee, return and notify URLs', async () => {
    const c = await clientWithDraft(t);
    const res = await t.app.inject({
      method: 'POST',
      url: CREATE,
      headers: c.headers,
      payload: { amount: 10 },
    });
    expect(res.statusCode).toBe(200);
    const { order_id, payment_session_id } = res.json();
    const remote = fake.orders.get(order_id);
    expect(remote?.payment_session_id).toBe(payment_session_id);
    const sent = fake.requests.find(
      (r) =>
        r.method === 'POST' && r.body && (r.body as { order_id: string }).order_id === order_id,
    );
    expect(sent?.body).toMatchObject({
      order_amount: 199,
      order_currency: 'INR',
      customer_details: { customer_id: `user_${c.userId}`, customer_phone: c.phone },
      order_meta: {
        return_url: 'https://portal.example.in/payment?order_id={order_id}',
        notify_url: 'https://portal.example.in/api/registration/cashfree/webhook/',
      },
    });
    expect(sent?.headers['x-idempotency-key']).toBe(`create-${order_id}`);
  });

  it('poll before webhook: the poll settles, the later webhook changes nothing', async () => {
    const c = await clientWithDraft(t);
    const { order_id } = (
      await t.app.inject({ method: 'POST', url: CREATE, headers: c.headers, payload: {} })
    ).json();
    const payment = fake.addPayment(order_id, 'SUCCESS');

    const polled = await t.app.inject({ url: status(order_id), headers: c.headers });
    expect(polled.json()).toMatchObject({
      status: 'SUCCESS',
      payment_data: [
        { cf_payment_id: payment.cf_payment_id, payment_status: 'SUCCESS', payment_amount: 199 },
      ],
    });
    expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'paid' });

    const body = webhookBody({
      orderId: order_id,
      cfPaymentId: payment.cf_payment_id,
      status: 'SUCCESS',
      amount: 199,
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/registration/cashfree/webhook/',
      headers: signedHeaders('TEST_SECRET', body),
      payload: body,
    });
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ status: 'already_recorded' });
    expect(await paymentRows(t, c.registrationId)).toHaveLength(1);
  });

  it('the gateway times out on the poll, then reconciliation settles the payment', async () => {
    const c = await clientWithDraft(t);
    const { order_id } = (
      await t.app.inject({ method: 'POST', url: CREATE, headers: c.headers, payload: {} })
    ).json();
    fake.addPayment(order_id, 'SUCCESS');

    fake.hang();
    const polled = await t.app.inject({ url: status(order_id), headers: c.headers });
    expect(polled.statusCode).toBe(200);
    expect(polled.json()).toEqual({ status: 'PENDING', payment_data: [] });
    expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'draft' });
    expect(await paymentRows(t, c.registrationId)).toEqual([]);

    // Still down: reconciliation counts the error and leaves the order open.
    const down = await t.app.payments.reconcile();
    expect(down.errors).toBeGreaterThanOrEqual(1);
    expect((await orderRows(t, c.registrationId))[0]?.status).toBe('ACTIVE');

    fake.recover();
    const summary = await t.app.payments.reconcile();
    expect(summary.paid).toBe(1);
    expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'paid' });
    const rows = await paymentRows(t, c.registrationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'SUCCESS', flag: null, amount: 199 });
    expect((await orderRows(t, c.registrationId))[0]?.status).toBe('PAID');
    // Running it again finds nothing open for this registration and changes nothing.
    await t.app.payments.reconcile();
    expect(await paymentRows(t, c.registrationId)).toHaveLength(1);
  });

  it('a create that times out leaves the order open; the next call finishes it, never a second order', async () => {
    const c = await clientWithDraft(t);
    fake.hang();
    const res = await t.app.inject({
      method: 'POST',
      url: CREATE,
      headers: c.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'The payment service is not reachable right now. Please try again in a minute.',
    );
    expect(JSON.stringify(res.json())).not.toContain('TEST_SECRET');
    const [pending] = await orderRows(t, c.registrationId);
    expect(pending).toMatchObject({ status: 'ACTIVE', paymentSessionId: null });

    fake.recover();
    const retry = await t.app.inject({
      method: 'POST',
      url: CREATE,
      headers: c.headers,
      payload: {},
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order_id).toBe(pending?.orderId);
    expect(await orderRows(t, c.registrationId)).toHaveLength(1);
  });

  it('a Cashfree rejection is passed on with its message and closes the order', async () => {
    const c = await clientWithDraft(t);
    fake.script({
      status: 400,
      body: {
        message: 'customer_details.customer_phone : invalid value provided',
        code: 'customer_phone_invalid',
        type: 'invalid_request_error',
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: CREATE,
      headers: c.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'The payment could not be started: customer_details.customer_phone : invalid value provided',
    );
    expect((await orderRows(t, c.registrationId))[0]?.status).toBe('REJECTED');
  });

  it('the simulator routes do not exist while Cashfree is the provider', async () => {
    const res = await t.app.inject({ url: '/payments-simulator/cashfree.js' });
    expect(res.statusCode).toBe(404);
  });

  it('the reconciliation job runs on its interval and stops cleanly', async () => {
    const c = await clientWithDraft(t);
    const { order_id } = (
      await t.app.inject({ method: 'POST', url: CREATE, headers: c.headers, payload: {} })
    ).json();
    fake.addPayment(order_id, 'SUCCESS');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const job = startReconcileJob(t.app, 300);
      vi.advanceTimersByTime(299_000);
      await job.stop();
      expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'draft' });

      const again = startReconcileJob(t.app, 300);
      vi.advanceTimersByTime(300_000);
      await again.stop(); // waits for the run the tick started
      expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'paid' });
      expect(await paymentRows(t, c.registrationId)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
