import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ProviderPayment, type WebhookEvent, WebhookVerificationError } from './types';

type Headers = Record<string, string | string[] | undefined>;

/** Cashfree's scheme: base64(HMAC-SHA256(secret, timestamp + rawBody)); timestamp in ms. */
export function signWebhook(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('base64');
}

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export interface VerifyOptions {
  secret: string;
  toleranceMs: number;
  now: () => number;
}

/**
 * Verifies signature and freshness, then parses the payload. Every failure is the same kind of
 * error with a short reason; the signature and secret are never part of it.
 */
export function verifyWebhookSignature(
  rawBody: Buffer,
  headers: Headers,
  options: VerifyOptions,
): WebhookEvent {
  const signature = header(headers, 'x-webhook-signature');
  const timestamp = header(headers, 'x-webhook-timestamp');
  if (!signature || !timestamp) throw new WebhookVerificationError('missing signature headers');
  if (!/^\d{1,16}$/.test(timestamp)) throw new WebhookVerificationError('malformed timestamp');

  const expected = Buffer.from(signWebhook(options.secret, timestamp, rawBody), 'base64');
  const given = Buffer.from(signature, 'base64');
  // Compare equal-length buffers only (timingSafeEqual throws otherwise); a length mismatch is
  // itself no secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WebhookVerificationError('signature mismatch');
  }
  // Checked after the signature so an attacker cannot learn anything from the difference.
  const age = options.now() - Number(timestamp);
  if (Math.abs(age) > options.toleranceMs) throw new WebhookVerificationError('stale timestamp');

  return parseWebhookEvent(rawBody);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function str(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

export function parseWebhookEvent(rawBody: Buffer): WebhookEvent {
  let body: Record<string, unknown> | null;
  try {
    body = asRecord(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw new WebhookVerificationError('body is not JSON');
  }
  const data = asRecord(body?.data);
  const order = asRecord(data?.order);
  const orderId = str(order?.order_id);
  const type = str(body?.type);
  if (!body || !data || !orderId || !type) {
    throw new WebhookVerificationError('not a Cashfree payment webhook');
  }
  const rawPayment = asRecord(data.payment);
  let payment: ProviderPayment | null = null;
  if (rawPayment) {
    const cfPaymentId = str(rawPayment.cf_payment_id);
    const amount = Number(rawPayment.payment_amount);
    if (!cfPaymentId || !Number.isFinite(amount)) {
      throw new WebhookVerificationError('payment without id or amount');
    }
    payment = {
      cf_payment_id: cfPaymentId,
      order_id: orderId,
      payment_status: str(rawPayment.payment_status) ?? 'PENDING',
      payment_amount: amount,
      payment_currency: str(rawPayment.payment_currency) ?? '',
      payment_message: str(rawPayment.payment_message),
      payment_time: str(rawPayment.payment_time),
      payment_completion_time: str(rawPayment.payment_completion_time),
      payment_group: str(rawPayment.payment_group),
    };
  }
  return { type, eventTime: str(body.event_time), orderId, payment };
}
