import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCashfree, startFakeCashfree } from '../../test/fake-cashfree';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaffSession, type TestSession } from '../../test/sessions';
import { auditLog } from '../audit';
import { payments } from '../payments/tables';
import { clientWithDraft } from '../payments/test-support';
import { paymentFlagResolutions } from './tables';

const FLAGS = '/api/registration/admin/payment-flags/';

describe('refunding a flagged payment through Cashfree (a fake Cashfree on a local port)', () => {
  let fake: FakeCashfree;
  let t: TestApp;
  let root: TestSession;

  beforeAll(async () => {
    fake = await startFakeCashfree();
    t = await createTestApp({
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_APP_ID: 'TEST_APP',
      CASHFREE_SECRET_KEY: 'TEST_SECRET',
      CASHFREE_BASE_URL: fake.baseUrl,
      CASHFREE_TIMEOUT_MS: '1000',
      CASHFREE_MAX_RETRIES: '0',
      PUBLIC_BASE_URL: 'https://portal.example.in',
    });
    root = await createStaffSession(t, { superuser: true, username: 'root.cashfree' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.recover());

  /** Cashfree took ₹150 on a ₹199 order; the status poll records it, flagged. */
  async function mismatched() {
    const client = await clientWithDraft(t);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/registration/cashfree/create-order/',
      headers: client.headers,
      payload: { amount: 10 },
    });
    const { order_id } = order.json();
    fake.addPayment(order_id, 'SUCCESS', 150);
    await t.app.inject({
      url: `/api/registration/cashfree-status/${order_id}/`,
      headers: client.headers,
    });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order_id));
    expect(row?.flag).toBe('amount_mismatch');
    return { orderId: order_id as string, paymentId: row!.id, cfPaymentId: row!.cfPaymentId };
  }

  const refund = (id: number, note: string) =>
    t.app.inject({
      method: 'POST',
      url: `${FLAGS}${id}/refund/`,
      headers: root.headers,
      payload: { note },
    });

  it('POSTs /pg/orders/{order_id}/refunds with version 2025-01-01 and keeps what Cashfree answered', async () => {
    const m = await mismatched();
    fake.requests.length = 0;
    const res = await refund(m.paymentId, 'Amount was wrong; refunding in full');
    expect(res.statusCode).toBe(200);
    const [sent] = fake.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(`/pg/orders/${m.orderId}/refunds`);
    expect(sent?.headers['x-api-version']).toBe('2025-01-01');
    expect(sent?.headers['x-client-id']).toBe('TEST_APP');
    expect(sent?.body).toEqual({
      refund_amount: 150,
      refund_id: `flag-refund-${m.paymentId}`,
      refund_note: 'Amount was wrong; refunding in full',
    });
    const remote = fake.refunds.get(m.orderId)![0]!;
    expect(res.json().resolution).toMatchObject({
      resolution: 'refunded',
      resolved_by: { username: 'root.cashfree' },
      refund: {
        refund_id: `flag-refund-${m.paymentId}`,
        cf_refund_id: remote.cf_refund_id,
        // Cashfree settles a refund later: it starts PENDING.
        status: 'PENDING',
        amount: 150,
      },
    });
  });

  it('a refund Cashfree refuses is a 409 with its reason, and nothing is resolved', async () => {
    const m = await mismatched();
    fake.script({
      status: 400,
      body: {
        message: 'refund_amount : invalid value provided',
        code: 'refund_amount_invalid',
        type: 'invalid_request_error',
      },
    });
    const res = await refund(m.paymentId, 'Try');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'The payment provider refused the refund: refund_amount : invalid value provided',
    });
    const stored = await t.database.db
      .select()
      .from(paymentFlagResolutions)
      .where(eq(paymentFlagResolutions.paymentId, m.paymentId));
    expect(stored).toEqual([]);
  });

  it('an unreachable Cashfree is a 502; the retry refunds once', async () => {
    const m = await mismatched();
    fake.hang();
    const res = await refund(m.paymentId, 'First try');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/could not be reached/);
    fake.recover();
    const retry = await refund(m.paymentId, 'Second try');
    expect(retry.statusCode).toBe(200);
    expect(fake.refunds.get(m.orderId)).toHaveLength(1);
  });

  it('a refund made whose answer was lost: the retry reads it, resolves the flag, audits once', async () => {
    const m = await mismatched();
    fake.requests.length = 0;
    fake.loseNextAnswer();
    const first = await refund(m.paymentId, 'First try');
    expect(first.statusCode).toBe(502);
    // Cashfree did refund; we could not know.
    expect(fake.refunds.get(m.orderId)).toHaveLength(1);
    const open = await t.app.inject({ url: `${FLAGS}?state=open`, headers: root.headers });
    expect(open.json().results.map((p: { id: number }) => p.id)).toContain(m.paymentId);

    const retry = await refund(m.paymentId, 'Second try');
    expect(retry.statusCode, retry.body).toBe(200);
    const refundId = `flag-refund-${m.paymentId}`;
    // The same refund_id twice (refused the second time), then that refund read back.
    expect(
      fake.requests.map((r) =>
        `${r.method} ${r.path} ${(r.body as { refund_id?: string })?.refund_id ?? ''}`.trim(),
      ),
    ).toEqual([
      `POST /pg/orders/${m.orderId}/refunds ${refundId}`,
      `POST /pg/orders/${m.orderId}/refunds ${refundId}`,
      `GET /pg/orders/${m.orderId}/refunds/${refundId}`,
    ]);
    expect(fake.requests.at(-1)?.headers['x-api-version']).toBe('2025-01-01');
    const remote = fake.refunds.get(m.orderId)!;
    expect(remote).toHaveLength(1);
    expect(retry.json()).toMatchObject({
      refundable: false,
      resolution: {
        resolution: 'refunded',
        note: 'Second try',
        refund: {
          refund_id: refundId,
          cf_refund_id: remote[0]!.cf_refund_id,
          status: 'PENDING',
          amount: 150,
        },
      },
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'payment_flag.refunded'),
          eq(auditLog.subject, String(retry.json().registration.id)),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ payment_id: m.paymentId, refund_id: refundId });
    // A third click: resolved already, and Cashfree is not asked again.
    const requests = fake.requests.length;
    expect((await refund(m.paymentId, 'Third try')).statusCode).toBe(409);
    expect(fake.requests).toHaveLength(requests);
  });

  it('"already exists" with no refund to read back stays open and says to try again', async () => {
    const m = await mismatched();
    fake.script({
      status: 409,
      body: {
        message: 'refund with same refund_id already exists',
        code: 'refund_already_exists',
        type: 'invalid_request_error',
      },
    });
    const res = await refund(m.paymentId, 'Try');
    expect(res.statusCode).toBe(502);
    const stored = await t.database.db
      .select()
      .from(paymentFlagResolutions)
      .where(eq(paymentFlagResolutions.paymentId, m.paymentId));
    expect(stored).toEqual([]);
  });
});
