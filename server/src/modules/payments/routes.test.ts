import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession } from '../../test/sessions';
import { registrations } from '../registration/tables';
import { simulatorOrders } from './tables';
import {
  clientWithDraft,
  eventRows,
  orderRows,
  paymentRows,
  registrationRow,
  signedHeaders,
  webhookBody,
} from './test-support';

const SIM_SECRET = 'simulator-secret-for-tests-0123456789';
const CREATE = '/api/registration/cashfree/create-order/';
const WEBHOOK = '/api/registration/cashfree/webhook/';
const status = (orderId: string) => `/api/registration/cashfree-status/${orderId}/`;

describe('payments through the simulator', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_SIMULATOR_SECRET: SIM_SECRET });
    // Migrating a fresh database can take a while on a busy machine.
  }, 120_000);
  afterAll(() => t.close());

  async function createOrder(headers: { authorization: string }, payload: object = { amount: 10 }) {
    const res = await t.app.inject({ method: 'POST', url: CREATE, headers, payload });
    return res;
  }

  async function complete(sessionId: string, outcome: string, group = 'upi') {
    return t.app.inject({
      method: 'POST',
      url: `/payments-simulator/sessions/${sessionId}/complete`,
      payload: { outcome, payment_group: group },
    });
  }

  it('create-order needs a signed-in client', async () => {
    const res = await t.app.inject({ method: 'POST', url: CREATE, payload: { amount: 10 } });
    expect(res.statusCode).toBe(401);
  });

  it('create-order without a draft registration is 409 and opens nothing', async () => {
    const session = await createClientSession(t);
    const res = await createOrder(session.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'There is no application waiting for payment.' });
  });

  it('charges the server fee whatever amount the browser sends', async () => {
    const c = await clientWithDraft(t);
    const res = await createOrder(c.headers, {
      amount: 10,
      currency: 'INR',
      user_id: 999_999,
      registration_id: 999_999,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['order_id', 'payment_session_id']);
    expect(body.payment_session_id).toMatch(/^session_/);
    const [order] = await orderRows(t, c.registrationId);
    expect(order).toMatchObject({
      orderId: body.order_id,
      amount: 199,
      currency: 'INR',
      status: 'ACTIVE',
    });
    const [simulated] = await t.database.db
      .select()
      .from(simulatorOrders)
      .where(eq(simulatorOrders.orderId, body.order_id));
    expect(simulated?.orderAmount).toBe(199);

    const page = await t.app.inject({
      url: `/payments-simulator/checkout/${body.payment_session_id}?parent_origin=http://localhost:5173`,
      headers: { host: 'localhost:5173' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'nonce-");
    for (const text of [
      '₹199.00',
      body.order_id,
      'Credit Cards',
      'Debit Cards',
      'UPI',
      'Net Banking',
      'Pay ₹199.00',
      'Fail payment',
      'aria-label="Close checkout"',
      'name="viewport"',
      '"http://localhost:5173"',
    ]) {
      expect(page.body).toContain(text);
    }
  });

  it('posts its result only to one of our own origins, never to one the caller names', async () => {
    // Probe finding 8: any page that framed the checkout with its own parent_origin got the result.
    const c = await clientWithDraft(t);
    const { payment_session_id } = (await createOrder(c.headers)).json();
    const page = (origin: string) =>
      t.app.inject({
        url: `/payments-simulator/checkout/${payment_session_id}?parent_origin=${encodeURIComponent(origin)}`,
        headers: { host: 'portal.example.in' },
      });
    const evil = await page('https://evil.example');
    expect(evil.statusCode).toBe(200);
    expect(evil.body).not.toContain('evil.example');
    expect(evil.body).toContain('var parentOrigin = null;');
    expect((await page('http://portal.example.in')).body).toContain(
      'var parentOrigin = "http://portal.example.in";',
    );
  });

  it('a paid checkout: webhook first, then the poll says SUCCESS; one payment, registration paid', async () => {
    const c = await clientWithDraft(t);
    const { order_id, payment_session_id } = (await createOrder(c.headers)).json();

    const done = await complete(payment_session_id, 'SUCCESS', 'credit_card');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ order_id, payment_status: 'SUCCESS', webhook_status: 200 });
    // The signed webhook already settled it, before any poll.
    expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'paid' });

    const res = await t.app.inject({ url: status(order_id), headers: c.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('SUCCESS');
    expect(body.payment_data).toHaveLength(1);
    expect(body.payment_data[0]).toMatchObject({
      cf_payment_id: done.json().cf_payment_id,
      order_id,
      payment_status: 'SUCCESS',
      payment_amount: 199,
    });
    expect(body.payment_data[0].payment_completion_time).toMatch(/\+05:30$/);

    const rows = await paymentRows(t, c.registrationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'SUCCESS',
      amount: 199,
      flag: null,
      paymentGroup: 'credit_card',
    });
    const registration = await registrationRow(t, c.registrationId);
    expect(registration.status).toBe('paid');
    expect(registration.submittedAt).toBeInstanceOf(Date);
    expect((await orderRows(t, c.registrationId))[0]?.status).toBe('PAID');

    // Paid: no second order, and the simulator refuses to take the money twice.
    const again = await createOrder(c.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This application has already been paid for.');
    expect((await complete(payment_session_id, 'SUCCESS')).statusCode).toBe(409);
    expect(await paymentRows(t, c.registrationId)).toHaveLength(1);
  });

  it('a failed payment leaves the registration draft; retrying on the same order then succeeds', async () => {
    const c = await clientWithDraft(t);
    const first = (await createOrder(c.headers)).json();
    expect((await complete(first.payment_session_id, 'FAILED')).json()).toMatchObject({
      payment_status: 'FAILED',
      webhook_status: 200,
    });
    const failed = await t.app.inject({ url: status(first.order_id), headers: c.headers });
    expect(failed.json()).toMatchObject({
      status: 'FAILED',
      payment_data: [{ payment_status: 'FAILED' }],
    });
    expect(await registrationRow(t, c.registrationId)).toMatchObject({
      status: 'draft',
      submittedAt: null,
    });

    const second = (await createOrder(c.headers)).json();
    expect(second.order_id).toBe(first.order_id);
    await complete(second.payment_session_id, 'SUCCESS');
    const ok = (await t.app.inject({ url: status(first.order_id), headers: c.headers })).json();
    expect(ok.status).toBe('SUCCESS');
    expect(ok.payment_data.map((p: { payment_status: string }) => p.payment_status)).toEqual([
      'SUCCESS',
      'FAILED',
    ]);
    const rows = await paymentRows(t, c.registrationId);
    expect(rows.map((r) => r.status)).toEqual(['FAILED', 'SUCCESS']);
    expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'paid' });
    expect(await orderRows(t, c.registrationId)).toHaveLength(1);
  });

  it('closing the checkout is USER_DROPPED and changes nothing else', async () => {
    const c = await clientWithDraft(t);
    const { order_id, payment_session_id } = (await createOrder(c.headers)).json();
    expect((await complete(payment_session_id, 'USER_DROPPED')).statusCode).toBe(200);
    const res = (await t.app.inject({ url: status(order_id), headers: c.headers })).json();
    expect(res.status).toBe('USER_DROPPED');
    expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'draft' });
    const rows = await paymentRows(t, c.registrationId);
    expect(rows.map((r) => r.status)).toEqual(['USER_DROPPED']);
    expect((await orderRows(t, c.registrationId))[0]?.status).toBe('ACTIVE');
  });

  it('a second create-order while one is open re-uses it: one open order, no double charge', async () => {
    const c = await clientWithDraft(t);
    const a = (await createOrder(c.headers)).json();
    const b = (await createOrder(c.headers)).json();
    expect(b.order_id).toBe(a.order_id);
    expect(b.payment_session_id).toMatch(/^session_/);
    expect(await orderRows(t, c.registrationId)).toHaveLength(1);
  });

  it('two create-order calls at once still open one order', async () => {
    const c = await clientWithDraft(t);
    const answers = await Promise.all([createOrder(c.headers), createOrder(c.headers)]);
    const ok = answers.filter((r) => r.statusCode === 200).map((r) => r.json().order_id);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect([200, 409]).toContain(r.statusCode);
    const rows = await orderRows(t, c.registrationId);
    expect(rows).toHaveLength(1);
    expect(new Set(ok)).toEqual(new Set([rows[0]?.orderId]));
  });

  it("another client's order id is 404, and so is an unknown one", async () => {
    const owner = await clientWithDraft(t);
    const { order_id } = (await createOrder(owner.headers)).json();
    const other = await clientWithDraft(t);
    const res = await t.app.inject({ url: status(order_id), headers: other.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Payment order not found.' });
    const unknown = await t.app.inject({ url: status('LP1_unknown'), headers: other.headers });
    expect(unknown.statusCode).toBe(404);
  });

  it('the same webhook three times settles once', async () => {
    const c = await clientWithDraft(t);
    const { order_id } = (await createOrder(c.headers)).json();
    const body = webhookBody({
      orderId: order_id,
      cfPaymentId: '88001',
      status: 'SUCCESS',
      amount: 199,
    });
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: signedHeaders(SIM_SECRET, body),
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      answers.push(res.json().status);
    }
    expect(answers).toEqual(['paid', 'duplicate_event', 'duplicate_event']);
    expect(await paymentRows(t, c.registrationId)).toHaveLength(1);
    expect(await eventRows(t, order_id)).toHaveLength(1);
    expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'paid' });
  });

  it('a forged signature is 401 and changes nothing', async () => {
    const c = await clientWithDraft(t);
    const { order_id } = (await createOrder(c.headers)).json();
    const body = webhookBody({
      orderId: order_id,
      cfPaymentId: '88002',
      status: 'SUCCESS',
      amount: 199,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: signedHeaders('a-guessed-secret-000000000000', body),
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid webhook signature.' });
    // A valid signature over a different body is just as forged.
    const tampered = body.replace('"payment_amount":199', '"payment_amount":1');
    const res2 = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: signedHeaders(SIM_SECRET, body),
      payload: tampered,
    });
    expect(res2.statusCode).toBe(401);
    expect(await paymentRows(t, c.registrationId)).toEqual([]);
    expect(await eventRows(t, order_id)).toEqual([]);
    expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'draft' });
  });

  it('a replayed webhook with an old timestamp is 401 and changes nothing', async () => {
    const c = await clientWithDraft(t);
    const { order_id } = (await createOrder(c.headers)).json();
    const body = webhookBody({
      orderId: order_id,
      cfPaymentId: '88003',
      status: 'SUCCESS',
      amount: 199,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: signedHeaders(SIM_SECRET, body, Date.now() - 10 * 60_000),
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    expect(await paymentRows(t, c.registrationId)).toEqual([]);
    expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'draft' });
  });

  it('an amount that is not the fee is recorded and flagged, never marked paid', async () => {
    const c = await clientWithDraft(t);
    const { order_id } = (await createOrder(c.headers)).json();
    const body = webhookBody({
      orderId: order_id,
      cfPaymentId: '88004',
      status: 'SUCCESS',
      amount: 10,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: signedHeaders(SIM_SECRET, body),
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'flagged' });
    const rows = await paymentRows(t, c.registrationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      cfPaymentId: '88004',
      amount: 10,
      status: 'SUCCESS',
      flag: 'amount_mismatch',
    });
    expect(await registrationRow(t, c.registrationId)).toMatchObject({
      status: 'draft',
      submittedAt: null,
    });
    // The poll does not claim success for money that did not pay the fee.
    const polled = await t.app.inject({ url: status(order_id), headers: c.headers });
    expect(polled.json().status).not.toBe('SUCCESS');
    // Until someone has looked at the odd payment, no new order is opened for it.
    const again = await createOrder(c.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('being reviewed');
    expect(await orderRows(t, c.registrationId)).toHaveLength(1);
  });

  it.each([198.999, 199.001, 199.0000001])(
    'a signed success of %s rupees (not whole paise) is flagged, never rounded into the fee',
    async (amount) => {
      const c = await clientWithDraft(t);
      const { order_id } = (await createOrder(c.headers)).json();
      const body = webhookBody({
        orderId: order_id,
        cfPaymentId: `8801${amount}`,
        status: 'SUCCESS',
        amount,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: signedHeaders(SIM_SECRET, body),
        payload: body,
      });
      expect(res.json()).toEqual({ status: 'flagged' });
      const [row] = await paymentRows(t, c.registrationId);
      expect(row).toMatchObject({
        flag: 'amount_mismatch',
        raw: expect.objectContaining({ payment_amount: amount }),
      });
      expect(await registrationRow(t, c.registrationId)).toMatchObject({ status: 'draft' });
    },
  );

  it('serves the SDK shim with the Cashfree contract', async () => {
    const res = await t.app.inject({ url: '/payments-simulator/cashfree.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.body).toContain('window.Cashfree = Cashfree');
    expect(res.body).toContain('event.origin !== checkoutOrigin');
    expect(res.body).toContain("message: 'User dropped'");
  });

  it('the simulated checkout page of an unknown session is 404', async () => {
    const res = await t.app.inject({ url: '/payments-simulator/checkout/session_doesnotexist' });
    expect(res.statusCode).toBe(404);
    const done = await t.app.inject({
      method: 'POST',
      url: '/payments-simulator/sessions/session_doesnotexist/complete',
      payload: { outcome: 'SUCCESS' },
    });
    expect(done.statusCode).toBe(404);
  });

  it('a registration that is not draft cannot open an order', async () => {
    const c = await clientWithDraft(t);
    await t.database.db
      .update(registrations)
      .set({ status: 'paid' })
      .where(eq(registrations.id, c.registrationId));
    const res = await createOrder(c.headers);
    expect(res.statusCode).toBe(409);
    expect(await orderRows(t, c.registrationId)).toEqual([]);
  });
});
