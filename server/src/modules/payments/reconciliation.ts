import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PaymentProvider, ProviderPayment } from '../../providers/payments';
import type { Logger } from './service';
import type { SettleOutcome } from './settlement';
import { paymentOrders } from './tables';

export interface ReconciliationOptions {
  db: Database;
  provider: PaymentProvider;
  log: Logger;
  now: () => number;
  settleAll: (list: ProviderPayment[]) => Promise<SettleOutcome[]>;
  /** Orders younger than this are left to the browser's polling and the webhook. */
  minAgeSeconds: number;
}

/** Asks the provider about orders left open and settles or closes them. */
export function createReconciliation(options: ReconciliationOptions) {
  const { db, provider, log, now, settleAll } = options;

  /** Re-checks open orders old enough that the browser and webhook should have settled them. */
  async function reconcile(limit = 100) {
    const cutoff = new Date(now() - options.minAgeSeconds * 1000);
    const open = await db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.status, 'ACTIVE'), lt(paymentOrders.createdAt, cutoff)))
      .orderBy(asc(paymentOrders.updatedAt))
      .limit(limit);
    const summary = { checked: 0, paid: 0, closed: 0, flagged: 0, errors: 0 };
    for (const order of open) {
      summary.checked++;
      try {
        const remote = await provider.fetchOrder(order.orderId);
        const outcomes = remote ? await settleAll(await provider.fetchPayments(order.orderId)) : [];
        summary.paid += outcomes.filter((o) => o === 'paid').length;
        summary.flagged += outcomes.filter((o) => o === 'flagged').length;
        // Closed by the provider; or never created there (the create timed out before reaching
        // it) and past its expiry, so nothing can ever be paid on it.
        const closedAs = remote
          ? remote.order_status === 'EXPIRED' || remote.order_status === 'TERMINATED'
            ? remote.order_status
            : null
          : order.expiresAt.getTime() <= now()
            ? 'EXPIRED'
            : null;
        await db
          .update(paymentOrders)
          .set({
            ...(closedAs ? { status: closedAs } : {}),
            updatedAt: new Date(now()),
          })
          .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'ACTIVE')));
        if (closedAs) summary.closed++;
      } catch (error) {
        summary.errors++;
        log.warn(
          { orderId: order.orderId, reason: (error as Error).message },
          'reconciliation could not check an order',
        );
      }
    }
    if (summary.checked > 0) log.info(summary, 'payments reconciled');
    return summary;
  }

  return { reconcile };
}
