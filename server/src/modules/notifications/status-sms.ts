import { isLocale, type Locale } from '@loan-portal/api-client';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { SmsProvider } from '../../providers/sms';
import { users } from '../accounts/tables';
import type { StatusSmsJob } from '../applications/status-changes';
import { statusHistory } from '../applications/tables';
import { statusChangeSmsText } from '../i18n/sms-texts';
import { jobDeliveries } from '../jobs/tables';
import { registrations } from '../registration/tables';

/**
 * The SMS of each status a client can see, in the account's language (issue 16). The DLT-registered MSG91 templates must say the same
 * (one per status: MSG91_STATUS_TEMPLATE_<STATUS>). A rejection's reason is not in the SMS: it
 * can be long and is for the signed-in status page, not a lock screen.
 */
export function statusSmsText(
  change: { from: string | null; to: string; applicationId: number },
  productName: string,
  locale: Locale = 'en',
): string | null {
  // The texts, in English and Hindi, are the server catalog's sms.status.* (i18n module).
  return statusChangeSmsText(locale, change, productName);
}

export interface StatusSmsDeps {
  db: Database;
  sms: SmsProvider;
  productName: string;
}

/**
 * The worker of the status-sms queue. Sends the SMS of one history row to the account's number,
 * then records the delivery under the job's key. A run that finds the key delivered sends nothing.
 *
 * A worker killed after taking the job is covered by the queue: the job expires and another
 * worker runs it (jobs/queue.ts). A worker killed after the send but before the delivery row is
 * covered by the provider: the send carries the same key, and a provider that keeps keys (the
 * console outbox does) stores the message once. MSG91 takes no idempotency key, so on that
 * provider the one window left is the send itself: we choose a rare second SMS over a lost one.
 */
export function statusSmsWorker(deps: StatusSmsDeps) {
  return async ({ historyId }: StatusSmsJob): Promise<void> => {
    const key = `status-sms:${historyId}`;
    const [delivered] = await deps.db
      .select({ key: jobDeliveries.key })
      .from(jobDeliveries)
      .where(eq(jobDeliveries.key, key));
    if (delivered) return;
    const [change] = await deps.db
      .select({
        from: statusHistory.fromStatus,
        to: statusHistory.toStatus,
        applicationId: statusHistory.registrationId,
        phone: users.phoneNumber,
        language: users.preferredLanguage,
      })
      .from(statusHistory)
      .innerJoin(registrations, eq(registrations.id, statusHistory.registrationId))
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(eq(statusHistory.id, historyId));
    const language = isLocale(change?.language) ? change.language : 'en';
    const body = change ? statusSmsText(change, deps.productName, language) : null;
    if (change?.phone && body) {
      await deps.sms.send(change.phone, body, {
        purpose: 'status',
        status: change.to,
        applicationId: change.applicationId,
        key,
        language,
      });
    }
    await deps.db.insert(jobDeliveries).values({ key }).onConflictDoNothing();
  };
}
