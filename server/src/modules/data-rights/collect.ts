import type { PersonalDataExport } from '@loan-portal/api-client';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FieldCipher } from '../../lib/encryption';
import { users } from '../accounts/tables';
import { clientHistory, staffHistory } from '../applications/status-changes';
import { paymentOrders, payments } from '../payments/tables';
import { createProfileDraftService } from '../profile-drafts/service';
import { ownersProfile } from '../registration/profile-fields';
import { profiles, registrations } from '../registration/tables';

const money = (value: number) => value.toFixed(2);

/**
 * Everything held about one client, as they may read it: their account and its language, their
 * own full numbers, the history a client sees (no staff names, no notes), the half-filled form
 * (decrypted), their orders and payments, and the consent with the address it came from. Column
 * by column on purpose: a new secret column (a hash, a note) stays out until someone decides it
 * belongs here, and a new column of theirs stays out until it is added here (the test lists them).
 */
export async function collectPersonalData(
  deps: { db: Database; cipher: FieldCipher; now: () => Date },
  userId: number,
): Promise<PersonalDataExport | null> {
  const { db, cipher } = deps;
  const [account] = await db
    .select({
      id: users.id,
      phoneNumber: users.phoneNumber,
      createdAt: users.createdAt,
      preferredLanguage: users.preferredLanguage,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const [row] = await db
    .select({ profile: profiles, registration: registrations })
    .from(registrations)
    .innerJoin(profiles, eq(profiles.id, registrations.profileId))
    .where(eq(registrations.userId, userId));
  let application: PersonalDataExport['application'] = null;
  if (row) {
    const { profile, registration } = row;
    application = {
      application_id: registration.id,
      status: registration.status,
      created_at: registration.createdAt.toISOString(),
      submitted_at: registration.submittedAt?.toISOString() ?? null,
      profile: ownersProfile(profile, cipher),
      ifsc_verified: profile.ifscVerified,
      history: clientHistory(await staffHistory(db, registration)),
    };
  }
  const orders = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.userId, userId))
    .orderBy(asc(paymentOrders.id));
  const paid = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(paymentOrders, eq(paymentOrders.orderId, payments.orderId))
    .where(eq(paymentOrders.userId, userId))
    .orderBy(asc(payments.id));
  // Read as the form reads it (one ciphertext of the values), so the copy is what they typed.
  const formDraft = await createProfileDraftService({ db, cipher }).get(userId);
  return {
    exported_at: deps.now().toISOString(),
    account: {
      id: account.id,
      phone_number: account.phoneNumber ?? '',
      created_at: account.createdAt.toISOString(),
      preferred_language: account.preferredLanguage,
    },
    application,
    form_draft: formDraft,
    payment_orders: orders.map((order) => ({
      order_id: order.orderId,
      amount: money(order.amount),
      currency: order.currency,
      status: order.status,
      created_at: order.createdAt.toISOString(),
    })),
    payments: paid.map(({ payment }) => ({
      payment_id: payment.cfPaymentId,
      order_id: payment.orderId,
      amount: money(payment.amount),
      currency: payment.currency,
      status: payment.status,
      method: payment.paymentGroup,
      paid_at: (payment.paymentTime ?? payment.completedAt)?.toISOString() ?? null,
    })),
    consent:
      row?.profile.consentNoticeVersion && row.profile.consentGivenAt
        ? {
            notice_version: row.profile.consentNoticeVersion,
            accepted_at: row.profile.consentGivenAt.toISOString(),
            ip_address: row.profile.consentIp,
          }
        : null,
  };
}
