import { eq } from 'drizzle-orm';
import { signWebhook } from '../../providers/payments';
import type { TestApp } from '../../test/helpers';
import { createClientSession, type TestSession } from '../../test/sessions';
import { profiles, registrations } from '../registration/tables';
import { paymentEvents, paymentOrders, payments } from './tables';

/** A signed-in client with a draft registration (the state right after the form's submit). */
export async function clientWithDraft(
  t: TestApp,
): Promise<TestSession & { registrationId: number }> {
  const session = await createClientSession(t);
  const [profile] = await t.database.db
    .insert(profiles)
    .values({
      userId: session.userId,
      fullName: 'Asha Kumar',
      contactNumber: session.phone,
      aadhaarEncrypted: 'not-used-by-payments',
      aadhaarLast4: '1234',
      panNumber: 'ABCDE1234F',
      bankName: 'State Bank of India',
      accountEncrypted: 'not-used-by-payments',
      accountLast4: '6789',
      ifscCode: 'SBIN0001234',
      fullAddress: '12 MG Road',
      city: 'Kochi',
      state: 'Kerala',
      pinCode: '682001',
      loanType: 'Personal Loan',
      loanAmount: 50000,
    })
    .returning({ id: profiles.id });
  const [registration] = await t.database.db
    .insert(registrations)
    .values({ profileId: profile!.id, userId: session.userId })
    .returning({ id: registrations.id });
  return { ...session, registrationId: registration!.id };
}

export async function registrationRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, id));
  return row!;
}

export async function paymentRows(t: TestApp, registrationId: number) {
  return t.database.db
    .select()
    .from(payments)
    .where(eq(payments.registrationId, registrationId))
    .orderBy(payments.id);
}

export async function orderRows(t: TestApp, registrationId: number) {
  return t.database.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.registrationId, registrationId))
    .orderBy(paymentOrders.id);
}

export async function eventRows(t: TestApp, orderId: string) {
  return t.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId));
}

/** A webhook body exactly as Cashfree (2025-01-01) sends it. */
export function webhookBody(p: {
  orderId: string;
  cfPaymentId: string;
  status: 'SUCCESS' | 'FAILED' | 'USER_DROPPED';
  amount: number;
  currency?: string;
}): string {
  const type = {
    SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
    FAILED: 'PAYMENT_FAILED_WEBHOOK',
    USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
  }[p.status];
  return JSON.stringify({
    data: {
      order: {
        order_id: p.orderId,
        order_amount: p.amount,
        order_currency: 'INR',
        order_tags: null,
      },
      payment: {
        cf_payment_id: p.cfPaymentId,
        payment_status: p.status,
        payment_amount: p.amount,
        payment_currency: p.currency ?? 'INR',
        payment_message: p.status === 'SUCCESS' ? '00::Transaction success' : 'failed',
        payment_time: '2025-05-05T12:20:29+05:30',
        bank_reference: '234928698581',
        payment_group: 'upi',
      },
      customer_details: { customer_id: 'user_1', customer_phone: '9876543210' },
    },
    event_time: '2025-05-05T12:20:33+05:30',
    type,
  });
}

export function signedHeaders(secret: string, body: string, timestamp = Date.now()) {
  const ts = String(timestamp);
  return {
    'content-type': 'application/json',
    'x-webhook-timestamp': ts,
    'x-webhook-signature': signWebhook(secret, ts, body),
    'x-webhook-version': '2025-01-01',
  };
}
