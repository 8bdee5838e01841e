import type { Locale } from '@loan-portal/api-client';
import { t } from './translator';

/**
 * The SMS texts in each language (server catalog, sms.*). A Hindi SMS is sent as Unicode
 * (UCS-2): 70 characters a part instead of 160, so these stay short. DLT templates registered
 * for MSG91 must say the same, one template per language.
 */
export function otpSmsText(
  locale: Locale,
  values: { code: string; productName: string; minutes: number },
): string {
  return t(locale, 'sms.otp', {
    code: values.code,
    product: values.productName,
    minutes: values.minutes,
  });
}

/** To a registered number someone tried to sign up with. */
export function accountExistsSmsText(locale: Locale, productName: string): string {
  return t(locale, 'sms.accountExists', { product: productName });
}

const STATUS_IDS: Readonly<Record<string, string>> = {
  paid: 'sms.status.paid',
  under_review: 'sms.status.under_review',
  approved: 'sms.status.approved',
  rejected: 'sms.status.rejected',
  active: 'sms.status.active',
  closed: 'sms.status.closed',
};

/**
 * The SMS of a status change a client can see, or null for one that gets none. Back to `paid`
 * from review is the review queue again, not a second fee.
 */
export function statusChangeSmsText(
  locale: Locale,
  change: { from: string | null; to: string; applicationId: number },
  productName: string,
): string | null {
  const id =
    change.to === 'paid' && change.from === 'under_review'
      ? 'sms.status.requeued'
      : STATUS_IDS[change.to];
  if (!id) return null;
  const body = t(locale, id, { id: `#${change.applicationId}` });
  return t(locale, 'sms.withProduct', { product: productName, body });
}
