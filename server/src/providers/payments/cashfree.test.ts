import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCashfree, startFakeCashfree } from '../../test/fake-cashfree';
import { createCashfreeProvider } from './cashfree';
import {
  type PaymentProvider,
  PaymentProviderError,
  PaymentProviderRejection,
  WebhookVerificationError,
} from './types';
import { signWebhook } from './webhook-signature';

const NOW = 1_746_427_759_733;

describe('Cashfree adapter against a fake Cashfree', () => {
  let fake: FakeCashfree;
  let provider: PaymentProvider;
  let sleeps: number[];

  beforeAll(async () => {
    fake = await startFakeCashfree();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.recover();
    fake.requests.length = 0;
    sleeps = [];
    provider = createCashfreeProvider({
      baseUrl: fake.baseUrl,
      appId: 'TEST_APP',
      secretKey: 'TEST_SECRET',
      webhookSecret: 'TEST_SECRET',
      // Generous: a busy test machine must not turn a normal answer into a timeout.
      timeoutMs: 5000,
      maxRetries: 2,
      webhookToleranceMs: 300_000,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      now: () => NOW,
    });
  });

  const input = (orderId: string) => ({
    orderId,
    amount: 199,
    currency: 'INR' as const,
    customer: { id: 'user_7', phone: '9876543210' },
    returnUrl: 'https://portal.test/payment?order_id={order_id}',
    notifyUrl: 'https://portal.test/api/registration/cashfree/webhook/',
    idempotencyKey: `create-${orderId}`,
    expiresAt: new Date('2026-11-25T10:30:00Z'),
  });

  it('creates an order with the 2025-01-01 headers, credentials and idempotency key', async () => {
    const order = await provider.createOrder(input('LP-1-abc'));
    expect(order).toMatchObject({
      order_id: 'LP-1-abc',
      order_status: 'ACTIVE',
      order_amount: 199,
      order_currency: 'INR',
    });
    expect(order.payment_session_id).toMatch(/^session_/);
    expect(order.cf_order_id).toMatch(/^\d+$/);
    const [req] = fake.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/pg/orders');
    expect(req?.headers['x-api-version']).toBe('2025-01-01');
    expect(req?.headers['x-client-id']).toBe('TEST_APP');
    expect(req?.headers['x-client-secret']).toBe('TEST_SECRET');
    expect(req?.headers['x-idempotency-key']).toBe('create-LP-1-abc');
    expect(req?.body).toEqual({
      order_id: 'LP-1-abc',
      order_amount: 199,
      order_currency: 'INR',
      customer_details: { customer_id: 'user_7', customer_phone: '9876543210' },
      order_meta: {
        return_url: 'https://portal.test/payment?order_id={order_id}',
        notify_url: 'https://portal.test/api/registration/cashfree/webhook/',
      },
      // Cashfree's own default is 30 days: an abandoned order would stay payable that long.
      order_expiry_time: '2026-11-25T10:30:00.000Z',
    });
  });

  it('a retried create with the same idempotency key returns the same order', async () => {
    const first = await provider.createOrder(input('LP-2-abc'));
    const second = await provider.createOrder(input('LP-2-abc'));
    expect(second.cf_order_id).toBe(first.cf_order_id);
    expect(fake.orders.size).toBeGreaterThan(0);
  });

  it('fetches an order and its payments in Cashfree shapes; unknown order is null / empty', async () => {
    await provider.createOrder(input('LP-3-abc'));
    fake.addPayment('LP-3-abc', 'FAILED');
    fake.addPayment('LP-3-abc', 'SUCCESS');
    const order = await provider.fetchOrder('LP-3-abc');
    expect(order?.order_status).toBe('PAID');
    const payments = await provider.fetchPayments('LP-3-abc');
    expect(payments.map((p) => p.payment_status)).toEqual(['FAILED', 'SUCCESS']);
    expect(payments[1]).toMatchObject({
      order_id: 'LP-3-abc',
      payment_amount: 199,
      payment_currency: 'INR',
      payment_group: 'upi',
    });
    expect(payments[1]?.cf_payment_id).toMatch(/^\d+$/);
    expect(await provider.fetchOrder('nope')).toBeNull();
    expect(await provider.fetchPayments('nope')).toEqual([]);
    const gets = fake.requests.filter((r) => r.method === 'GET');
    expect(gets.length).toBe(4);
    expect(gets.every((r) => r.headers['x-idempotency-key'] === undefined)).toBe(true);
  });

  it('passes a 4xx message on as a rejection', async () => {
    await provider.createOrder(input('LP-4-abc'));
    const error = await provider
      .createOrder({ ...input('LP-4-abc'), idempotencyKey: 'other-key' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderRejection);
    expect(error).toMatchObject({
      status: 409,
      code: 'order_already_exists',
      message: 'order with same id is already present',
    });
  });

  it('wrong credentials are a rejection that does not echo the secret', async () => {
    const bad = createCashfreeProvider({
      baseUrl: fake.baseUrl,
      appId: 'TEST_APP',
      secretKey: 'WRONG_SECRET_VALUE',
      webhookSecret: 'x',
      timeoutMs: 300,
      maxRetries: 0,
      webhookToleranceMs: 1000,
    });
    const error = (await bad.fetchOrder('x').catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(PaymentProviderRejection);
    expect(error.message).toBe('authentication Failed');
    expect(JSON.stringify(error)).not.toContain('WRONG_SECRET_VALUE');
  });

  it('retries a 429 honouring Retry-After, then succeeds', async () => {
    const tooMany = {
      status: 429,
      body: {
        message: 'Too many requests',
        code: 'request_limit_exceeded',
        type: 'rate_limit_error',
      },
    };
    fake.script({ ...tooMany, headers: { 'retry-after': '2' } }, tooMany);
    const order = await provider.createOrder(input('LP-5-abc'));
    expect(order.order_id).toBe('LP-5-abc');
    expect(sleeps).toEqual([2000, 1000]);
    expect(fake.requests.filter((r) => r.path === '/pg/orders')).toHaveLength(3);
    // Every attempt carried the same idempotency key, so Cashfree can never create two orders.
    expect(new Set(fake.requests.map((r) => r.headers['x-idempotency-key']))).toEqual(
      new Set(['create-LP-5-abc']),
    );
  });

  it('gives up on 429 after the bounded number of retries, as a provider error', async () => {
    const tooMany = { status: 429, body: { message: 'Too many requests' } };
    fake.script(tooMany, tooMany, tooMany, tooMany);
    const error = await provider.fetchPayments('LP-5-abc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(fake.requests).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('5xx and timeouts are provider errors (outcome unknown)', async () => {
    fake.script({ status: 502, body: { message: 'bad gateway' } });
    const error5xx = await provider.fetchOrder('LP-5-abc').catch((e: unknown) => e);
    expect(error5xx).toBeInstanceOf(PaymentProviderError);
    expect((error5xx as PaymentProviderError).status).toBe(502);

    const impatient = createCashfreeProvider({
      baseUrl: fake.baseUrl,
      appId: 'TEST_APP',
      secretKey: 'TEST_SECRET',
      webhookSecret: 'TEST_SECRET',
      timeoutMs: 300,
      maxRetries: 0,
      webhookToleranceMs: 1000,
    });
    fake.hang();
    const timeout = (await impatient.fetchPayments('LP-5-abc').catch((e: unknown) => e)) as Error;
    expect(timeout).toBeInstanceOf(PaymentProviderError);
    expect(timeout.message).toContain('within 300 ms');
    fake.recover();
    expect(await provider.fetchPayments('LP-5-abc')).toEqual([]);
  });

  it("verifies webhook signatures in Cashfree's scheme and rejects forged or stale ones", () => {
    const body = Buffer.from(
      JSON.stringify({
        data: {
          order: { order_id: 'LP-9', order_amount: 199, order_currency: 'INR' },
          payment: {
            cf_payment_id: 1453002795,
            payment_status: 'SUCCESS',
            payment_amount: 199.0,
            payment_currency: 'INR',
            payment_time: '2025-05-05T12:20:29+05:30',
            payment_group: 'upi',
          },
        },
        event_time: '2025-05-05T12:20:33+05:30',
        type: 'PAYMENT_SUCCESS_WEBHOOK',
      }),
    );
    const ts = String(NOW - 1000);
    const event = provider.verifyWebhook(body, {
      'x-webhook-timestamp': ts,
      'x-webhook-signature': signWebhook('TEST_SECRET', ts, body),
    });
    expect(event).toMatchObject({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      orderId: 'LP-9',
      payment: { cf_payment_id: '1453002795', payment_status: 'SUCCESS', payment_amount: 199 },
    });

    expect(() =>
      provider.verifyWebhook(body, {
        'x-webhook-timestamp': ts,
        'x-webhook-signature': signWebhook('another-secret', ts, body),
      }),
    ).toThrow(WebhookVerificationError);
    const old = String(NOW - 6 * 60_000);
    expect(() =>
      provider.verifyWebhook(body, {
        'x-webhook-timestamp': old,
        'x-webhook-signature': signWebhook('TEST_SECRET', old, body),
      }),
    ).toThrow('stale timestamp');
    expect(() => provider.verifyWebhook(body, {})).toThrow(WebhookVerificationError);
  });
});
