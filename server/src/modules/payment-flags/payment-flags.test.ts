import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderRejection } from '../../providers/payments';
import {
  createSimulatorProvider,
  type SimulatorProvider,
} from '../../providers/payments/simulator';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { users } from '../accounts/tables';
import { auditLog } from '../audit';
import { simulatorRefunds } from '../payments/tables';
import { registrationRow } from '../payments/test-support';
import { refundIdFor } from './service';
import { duplicatePayment, lateSuccess, mismatchedPayment, SIM_SECRET } from './test-support';

const FLAGS = '/api/registration/admin/payment-flags/';
const resolveUrl = (id: number) => `${FLAGS}${id}/resolve/`;
const refundUrl = (id: number) => `${FLAGS}${id}/refund/`;

describe('flagged payments (simulator)', () => {
  let t: TestApp;
  let root: TestSession;
  let staff: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_SIMULATOR_SECRET: SIM_SECRET });
    root = await createStaffSession(t, { superuser: true, username: 'root.flags' });
    staff = await createStaffSession(t, { username: 'asha.flags' });
  }, 120_000);
  afterAll(() => t.close());

  const list = async (query = '', headers = staff.headers) => {
    const res = await t.app.inject({ url: `${FLAGS}${query}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const post = (url: string, payload: unknown, headers: Record<string, string> = root.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('a success after the same attempt failed pays the registration and is flagged late_success', async () => {
    const late = await lateSuccess(t);
    expect(late.flag).toBe('late_success');
    expect((await registrationRow(t, late.client.registrationId)).status).toBe('paid');
    const shown = (await list()).results.find((p: { id: number }) => p.id === late.paymentId);
    expect(shown).toMatchObject({
      flag: 'late_success',
      payment_status: 'SUCCESS',
      registration: { id: late.client.registrationId, status: 'paid', full_name: 'Asha Kumar' },
      refundable: false,
      resolution: null,
    });
  });

  it('lists a mismatched payment with its evidence for staff', async () => {
    const m = await mismatchedPayment(t);
    expect(m.flag).toBe('amount_mismatch');
    const shown = (await list()).results.find((p: { id: number }) => p.id === m.paymentId);
    expect(shown).toEqual({
      id: m.paymentId,
      flag: 'amount_mismatch',
      order_id: m.orderId,
      cf_payment_id: m.cfPaymentId,
      expected_amount: 199,
      expected_currency: 'INR',
      received_amount: 150,
      received_currency: 'INR',
      payment_status: 'SUCCESS',
      payment_group: 'upi',
      payment_time: expect.any(String),
      // The simulator's webhook, like Cashfree's, carries no completion time.
      completed_at: null,
      recorded_at: expect.any(String),
      order_created_at: expect.any(String),
      registration: { id: m.client.registrationId, status: 'draft', full_name: 'Asha Kumar' },
      refundable: true,
      resolution: null,
    });
    // The wrong amount did not pay the fee.
    expect((await registrationRow(t, m.client.registrationId)).status).toBe('draft');
  });

  it('a superuser resolves one with a note: who, when and how are shown, and it is audited', async () => {
    const m = await mismatchedPayment(t);
    expect((await post(resolveUrl(m.paymentId), { note: 'Fine' }, staff.headers)).statusCode).toBe(
      403,
    );
    const res = await post(resolveUrl(m.paymentId), {
      note: '  Client paid the rest by cheque.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().resolution).toEqual({
      resolution: 'noted',
      note: 'Client paid the rest by cheque.',
      resolved_by: { id: root.userId, username: 'root.flags' },
      resolved_at: expect.any(String),
      refund: null,
    });
    expect(res.json().refundable).toBe(false);
    const open = (await list()).results.map((p: { id: number }) => p.id);
    expect(open).not.toContain(m.paymentId);
    const resolved = (await list('?state=resolved')).results.map((p: { id: number }) => p.id);
    expect(resolved).toContain(m.paymentId);
    const [entry] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      actorUserId: root.userId,
      action: 'payment_flag.resolved',
      subject: String(m.client.registrationId),
      details: {
        payment_id: m.paymentId,
        flag: 'amount_mismatch',
        order_id: m.orderId,
        cf_payment_id: m.cfPaymentId,
      },
    });
    // Once only.
    const again = await post(resolveUrl(m.paymentId), { note: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This flagged payment is already resolved.' });
    expect((await post(refundUrl(m.paymentId), { note: 'Refund too' })).statusCode).toBe(409);
  });

  it('refunds a duplicate through the simulator, Cashfree-shaped, once', async () => {
    const d = await duplicatePayment(t);
    expect(d.flag).toBe('duplicate_payment');
    const res = await post(refundUrl(d.paymentId), { note: 'Paid twice; sending the second back' });
    expect(res.statusCode).toBe(200);
    expect(res.json().resolution).toMatchObject({
      resolution: 'refunded',
      resolved_by: { username: 'root.flags' },
      refund: {
        refund_id: `flag-refund-${d.paymentId}`,
        cf_refund_id: expect.stringMatching(/^\d+$/),
        status: 'SUCCESS',
        amount: 199,
      },
    });
    const [refund] = await t.database.db
      .select()
      .from(simulatorRefunds)
      .where(eq(simulatorRefunds.orderId, d.orderId));
    expect(refund).toMatchObject({
      refundId: `flag-refund-${d.paymentId}`,
      cfPaymentId: d.cfPaymentId,
      refundAmount: 199,
      refundNote: 'Paid twice; sending the second back',
    });
    const [entry] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'payment_flag.refunded',
      subject: String(d.client.registrationId),
      details: {
        payment_id: d.paymentId,
        refund_id: `flag-refund-${d.paymentId}`,
        refund_amount: 199,
      },
    });
    const again = await post(refundUrl(d.paymentId), { note: 'Again' });
    expect(again.statusCode).toBe(409);
    const refunds = await t.database.db
      .select()
      .from(simulatorRefunds)
      .where(eq(simulatorRefunds.orderId, d.orderId));
    expect(refunds).toHaveLength(1);
  });

  it('does not refund a late success (it paid the registration)', async () => {
    const late = await lateSuccess(t);
    const res = await post(refundUrl(late.paymentId), { note: 'Refund it' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Only a second payment or a mismatched amount can be refunded.',
    });
  });

  it.each([
    [{}, { note: 'Please write a note.' }],
    [{ note: '  ' }, { note: 'Please write a note.' }],
    [{ note: 'x'.repeat(501) }, { note: 'The note must be at most 500 characters.' }],
  ])('refuses the note %j with a clear 400', async (payload, errors) => {
    const m = await mismatchedPayment(t);
    const res = await post(resolveUrl(m.paymentId), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please check the highlighted fields.', errors });
  });

  it('answers 404 for a payment that is not flagged or does not exist, 400 for a bad list query', async () => {
    for (const id of [999_999, 0]) {
      const res = await post(resolveUrl(id), { note: 'Checked' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Flagged payment not found.' });
    }
    expect(
      (await t.app.inject({ url: `${FLAGS}?state=bogus`, headers: staff.headers })).json(),
    ).toEqual({
      message: 'state must be open, resolved or all',
    });
    expect(
      (await t.app.inject({ url: `${FLAGS}?page=-1`, headers: staff.headers })).statusCode,
    ).toBe(400);
    const beyond = await list('?state=all&page=500');
    expect(beyond.results).toEqual([]);
    expect(beyond.pagination.total_items).toBeGreaterThan(0);
  });

  it('the simulator refuses a refund as Cashfree does: unknown order, unpaid order, too much', async () => {
    const provider = createSimulatorProvider({
      db: t.database.db,
      webhookSecret: SIM_SECRET,
      webhookToleranceMs: 300_000,
    }) as SimulatorProvider;
    const refused = async (input: Parameters<SimulatorProvider['createRefund']>[0]) => {
      try {
        await provider.createRefund(input);
      } catch (error) {
        expect(error).toBeInstanceOf(PaymentProviderRejection);
        const e = error as PaymentProviderRejection;
        return { status: e.status, code: e.code };
      }
      return null;
    };
    expect(await refused({ orderId: 'nope', refundId: 'r1', amount: 1, note: 'x' })).toEqual({
      status: 404,
      code: 'order_not_found',
    });
    const m = await mismatchedPayment(t);
    expect(
      await refused({ orderId: m.orderId, refundId: 'r1', amount: 150.01, note: 'x' }),
    ).toEqual({ status: 400, code: 'refund_amount_invalid' });
    const first = await provider.createRefund({
      orderId: m.orderId,
      refundId: 'r1',
      amount: 100,
      note: 'part',
    });
    expect(first).toMatchObject({
      refund_id: 'r1',
      order_id: m.orderId,
      cf_payment_id: m.cfPaymentId,
      refund_amount: 100,
      refund_currency: 'INR',
      refund_status: 'SUCCESS',
      created_at: expect.stringMatching(/\+05:30$/),
    });
    expect(await refused({ orderId: m.orderId, refundId: 'r1', amount: 1, note: 'x' })).toEqual({
      status: 409,
      code: 'refund_already_exists',
    });
    // 150 paid, 100 refunded: 50.01 more is too much.
    expect(await refused({ orderId: m.orderId, refundId: 'r2', amount: 50.01, note: 'x' })).toEqual(
      { status: 400, code: 'refund_amount_invalid' },
    );
  });

  it('a retry after a lost answer converges on the simulator too: one refund, resolved, audited once', async () => {
    const provider = createSimulatorProvider({
      db: t.database.db,
      webhookSecret: SIM_SECRET,
      webhookToleranceMs: 300_000,
    }) as SimulatorProvider;
    const d = await duplicatePayment(t);
    // The first attempt reached the simulated gateway; its answer never came back.
    const made = await provider.createRefund({
      orderId: d.orderId,
      refundId: refundIdFor(d.paymentId),
      amount: 199,
      note: 'First try',
    });
    expect(await provider.fetchRefund(d.orderId, refundIdFor(d.paymentId))).toEqual(made);
    expect(await provider.fetchRefund(d.orderId, 'no-such-refund')).toBeNull();

    const retry = await post(refundUrl(d.paymentId), { note: 'Second try' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().resolution).toMatchObject({
      resolution: 'refunded',
      refund: {
        refund_id: refundIdFor(d.paymentId),
        cf_refund_id: made.cf_refund_id,
        status: 'SUCCESS',
        amount: 199,
      },
    });
    const refunds = await t.database.db
      .select()
      .from(simulatorRefunds)
      .where(eq(simulatorRefunds.orderId, d.orderId));
    expect(refunds).toHaveLength(1);
    const audits = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'payment_flag.refunded'))
    ).filter((row) => (row.details as { payment_id?: number }).payment_id === d.paymentId);
    expect(audits).toHaveLength(1);
  });
});

// Every route of issue 15's audit trail and flagged payments, for every kind of caller.
describe('who may call the audit and flagged-payment routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_SIMULATOR_SECRET: SIM_SECRET });
  }, 120_000);
  afterAll(() => t.close());

  it('anonymous 401, client 403, staff reads flags only, superuser everything, disabled 401', async () => {
    const client = await createClientSession(t);
    const staff = await createStaffSession(t);
    const su = await createStaffSession(t, { superuser: true });
    // A superuser whose account was then disabled: its token still names it, and is refused.
    const disabled = await createStaffSession(t, { superuser: true });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.userId));
    const m = await mismatchedPayment(t);
    const d = await duplicatePayment(t);
    const routes = [
      { method: 'GET', url: '/api/registration/admin/audit/', staff: 403, su: 200 },
      { method: 'GET', url: '/api/registration/admin/audit/export/', staff: 403, su: 200 },
      { method: 'GET', url: FLAGS, staff: 200, su: 200 },
      { method: 'POST', url: resolveUrl(m.paymentId), staff: 403, su: 200 },
      { method: 'POST', url: refundUrl(d.paymentId), staff: 403, su: 200 },
    ] as const;
    const callers = [
      ['anonymous', {}],
      ['client', client.headers],
      ['staff', staff.headers],
      ['superuser', su.headers],
      ['disabled superuser', disabled.headers],
    ] as const;
    const seen: string[] = [];
    for (const route of routes) {
      for (const [who, headers] of callers) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers,
          ...(route.method === 'POST' ? { payload: { note: 'Checked by the matrix' } } : {}),
        });
        seen.push(`${route.method} ${route.url} ${who} ${res.statusCode}`);
      }
    }
    const expected = routes.flatMap((route) => [
      `${route.method} ${route.url} anonymous 401`,
      `${route.method} ${route.url} client 403`,
      `${route.method} ${route.url} staff ${route.staff}`,
      `${route.method} ${route.url} superuser ${route.su}`,
      `${route.method} ${route.url} disabled superuser 401`,
    ]);
    expect(seen).toEqual(expected);
  });
});
