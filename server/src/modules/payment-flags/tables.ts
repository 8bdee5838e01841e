import { integer, numeric, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { payments } from '../payments/tables';

/**
 * How a superuser closed a flagged payment: with a note, or with a refund at the provider. One row
 * per payment (a flag is resolved once); the payment row itself keeps its flag as evidence.
 */
export const paymentFlagResolutions = pgTable('payment_flag_resolutions', {
  paymentId: integer('payment_id')
    .primaryKey()
    .references(() => payments.id, { onDelete: 'restrict' }),
  /** 'noted' or 'refunded'. */
  resolution: varchar('resolution', { length: 16 }).notNull(),
  note: text('note').notNull(),
  resolvedBy: integer('resolved_by')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }).notNull().defaultNow(),
  /** Our refund_id at the provider (one per payment, so a retried refund is never a second). */
  refundId: varchar('refund_id', { length: 40 }),
  cfRefundId: varchar('cf_refund_id', { length: 64 }),
  refundStatus: varchar('refund_status', { length: 24 }),
  refundAmount: numeric('refund_amount', { precision: 12, scale: 2, mode: 'number' }),
});

export type PaymentFlagResolutionRow = typeof paymentFlagResolutions.$inferSelect;
