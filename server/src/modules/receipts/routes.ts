/**
 * The fee's receipt (issue 18): a PDF made on the server from the payment the provider confirmed,
 * never from anything the browser says. pdfkit draws it (no browser, no HTML-to-PDF step), with
 * a bundled font so that the ₹ sign prints on every machine. The receipt number is derived from
 * the payment row, so the same payment always gets the same number.
 */

import { formatDateTime, type Locale } from '@loan-portal/api-client';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { errorResponses, HttpError } from '../../plugins/error-handler';
import { requestLocale } from '../i18n/request-locale';
import { t } from '../i18n/translator';
import { paymentOrders, payments } from '../payments/tables';
import { profiles, registrations } from '../registration/tables';
import { renderReceipt } from './receipt-pdf';

export const NO_APPLICATION = 'No application found.';
export const NOT_PAID = 'Your application fee has not been paid yet, so there is no receipt.';
const UNPAID_STATUSES = ['draft', 'pending_payment'];

/** The last four digits, the rest as X: XXXXXX3210. */
export function maskedPhone(phone: string): string {
  return phone.length > 4 ? 'X'.repeat(phone.length - 4) + phone.slice(-4) : phone;
}

export function receiptNumber(paymentRowId: number, paidAt: Date): string {
  const year = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
  }).format(paidAt);
  return `RCPT-${year}-${String(paymentRowId).padStart(6, '0')}`;
}

const istTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** Cashfree's payment_group, as a person says it (server catalog, method.*). */
const METHODS = new Set(['upi', 'card', 'credit_card', 'debit_card', 'net_banking', 'wallet']);

/** When it was paid, in IST: '25 Nov 2026, 12:40 pm IST' / '25 नवंबर 2026 को 12:40 pm बजे IST'. */
function paidAtText(paidAt: Date, locale: Locale): string {
  const time = locale === 'en' ? istTime.format(paidAt) : formatDateTime(paidAt, locale);
  return t(locale, 'receipt.ist', { time });
}

const rupees = (amount: number, currency: string) =>
  currency === 'INR'
    ? `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`
    : `${currency} ${amount.toFixed(2)}`;

export async function receiptRoutes(
  app: FastifyInstance,
  opts: { config: AppConfig; db: Database },
) {
  const { db, config } = opts;
  app.get(
    '/api/registration/receipt/',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['registration'],
        summary: "The signed-in client's receipt for the application fee (PDF)",
        description:
          "Only for the caller's own paid application: 404 without an application, 409 before " +
          'the fee is paid. Never cached.',
        security: [{ bearerAuth: [] }],
        response: {
          200: { description: 'application/pdf', type: 'string', format: 'binary' },
          ...errorResponses(401, 404, 409, 500),
        },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select({
          registrationId: registrations.id,
          status: registrations.status,
          fullName: profiles.fullName,
          contactNumber: profiles.contactNumber,
        })
        .from(registrations)
        .innerJoin(profiles, eq(profiles.id, registrations.profileId))
        .where(eq(registrations.userId, request.user.id));
      if (!row) throw new HttpError(404, NO_APPLICATION);
      if (UNPAID_STATUSES.includes(row.status)) throw new HttpError(409, NOT_PAID);
      // The payment that paid the registration: a success not set aside for a refund.
      const [payment] = await db
        .select({ payment: payments, order: paymentOrders })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.orderId, payments.orderId))
        .where(
          and(
            eq(payments.registrationId, row.registrationId),
            eq(paymentOrders.userId, request.user.id),
            eq(payments.status, 'SUCCESS'),
            or(isNull(payments.flag), inArray(payments.flag, ['late_success'])),
          ),
        )
        .orderBy(desc(payments.id))
        .limit(1);
      // Marked paid by other means (a back-office import): nothing from a provider to show.
      if (!payment) throw new HttpError(409, NOT_PAID);
      const paidAt =
        payment.payment.paymentTime ?? payment.payment.completedAt ?? payment.payment.createdAt;
      const number = receiptNumber(payment.payment.id, paidAt);
      // The client's language: the one the screen asks in, else the account's (issue 16).
      const locale = requestLocale(request);
      const group = payment.payment.paymentGroup;
      const pdf = await renderReceipt(
        {
          productName: config.productName,
          receiptNumber: number,
          paymentId: payment.payment.cfPaymentId,
          orderId: payment.payment.orderId,
          amount: rupees(payment.payment.amount, payment.payment.currency),
          paidAt: paidAtText(paidAt, locale),
          applicantName: row.fullName,
          maskedPhone: maskedPhone(row.contactNumber),
          applicationId: row.registrationId,
          method: group ? (METHODS.has(group) ? t(locale, `method.${group}`) : group) : null,
        },
        locale,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="receipt-${number}.pdf"`)
        .send(pdf);
    },
  );
}
