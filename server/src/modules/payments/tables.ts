import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { registrations } from '../registration/tables';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * One row per order opened at the provider for a registration's fee. `status` mirrors
 * Cashfree's order_status (ACTIVE, PAID, EXPIRED, TERMINATED) plus REJECTED when the provider
 * refused to create it. At most one ACTIVE order per registration: a second create-order call
 * re-uses it, so a registration is never charged through two open orders.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: varchar('order_id', { length: 45 }).notNull().unique(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 24 }).notNull().default('ACTIVE'),
    provider: varchar('provider', { length: 16 }).notNull(),
    cfOrderId: varchar('cf_order_id', { length: 64 }),
    paymentSessionId: text('payment_session_id'),
    /** Sent to the provider as order_expiry_time: no payment is taken after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payment_orders_one_active_per_registration')
      .on(table.registrationId)
      .where(sql`${table.status} = 'ACTIVE'`),
    index('payment_orders_status_created_idx').on(table.status, table.createdAt),
    index('payment_orders_user_idx').on(table.userId),
  ],
);

/**
 * Every payment attempt the provider reported (Cashfree's payment entity), unique by
 * cf_payment_id. `flag` marks money that arrived but did not pay the registration
 * (amount_mismatch, duplicate_payment): someone must look at it and refund; or a success
 * reported after the same attempt was reported failed (late_success): it pays, and someone tells
 * the client. The partial unique
 * index makes a second accepted payment for one registration impossible at the database level.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cfPaymentId: varchar('cf_payment_id', { length: 64 }).notNull().unique(),
    orderId: varchar('order_id', { length: 45 })
      .notNull()
      .references(() => paymentOrders.orderId, { onDelete: 'restrict' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 24 }).notNull(),
    paymentGroup: varchar('payment_group', { length: 32 }),
    paymentTime: timestamp('payment_time', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    flag: varchar('flag', { length: 32 }),
    raw: jsonb('raw').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId),
    uniqueIndex('payments_one_accepted_per_registration')
      .on(table.registrationId)
      // A late success pays the registration and keeps its flag for a human: it counts too.
      .where(
        sql`${table.status} = 'SUCCESS' AND (${table.flag} IS NULL OR ${table.flag} = 'late_success')`,
      ),
    index('payments_flag_idx').on(table.flag).where(sql`${table.flag} IS NOT NULL`),
  ],
);

/** Webhooks already handled, so a redelivered one changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventKey: varchar('event_key', { length: 64 }).notNull(),
    type: varchar('type', { length: 64 }).notNull(),
    orderId: varchar('order_id', { length: 45 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_key_type_unique').on(table.eventKey, table.type)],
);

/** The simulator's side of the wire: what Cashfree would hold about an order. */
export const simulatorOrders = pgTable('payment_simulator_orders', {
  orderId: varchar('order_id', { length: 45 }).primaryKey(),
  cfOrderId: varchar('cf_order_id', { length: 64 }).notNull().unique(),
  paymentSessionId: text('payment_session_id').notNull().unique(),
  idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull().unique(),
  orderAmount: money('order_amount').notNull(),
  orderCurrency: varchar('order_currency', { length: 3 }).notNull(),
  orderStatus: varchar('order_status', { length: 24 }).notNull().default('ACTIVE'),
  customerId: varchar('customer_id', { length: 64 }).notNull(),
  /** order_expiry_time: after it an unpaid order reads EXPIRED and takes no payment. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const simulatorPayments = pgTable(
  'payment_simulator_payments',
  {
    cfPaymentId: varchar('cf_payment_id', { length: 64 }).primaryKey(),
    orderId: varchar('order_id', { length: 45 })
      .notNull()
      .references(() => simulatorOrders.orderId, { onDelete: 'cascade' }),
    paymentStatus: varchar('payment_status', { length: 24 }).notNull(),
    paymentAmount: money('payment_amount').notNull(),
    paymentCurrency: varchar('payment_currency', { length: 3 }).notNull(),
    paymentMessage: text('payment_message').notNull(),
    paymentGroup: varchar('payment_group', { length: 32 }).notNull(),
    paymentTime: timestamp('payment_time', { withTimezone: true }).notNull(),
    paymentCompletionTime: timestamp('payment_completion_time', { withTimezone: true }),
  },
  (table) => [index('payment_simulator_payments_order_idx').on(table.orderId)],
);

/** The simulator's refunds, as Cashfree would hold them: refund_id unique within an order. */
export const simulatorRefunds = pgTable(
  'payment_simulator_refunds',
  {
    cfRefundId: varchar('cf_refund_id', { length: 64 }).primaryKey(),
    refundId: varchar('refund_id', { length: 40 }).notNull(),
    orderId: varchar('order_id', { length: 45 })
      .notNull()
      .references(() => simulatorOrders.orderId, { onDelete: 'cascade' }),
    cfPaymentId: varchar('cf_payment_id', { length: 64 }).notNull(),
    refundAmount: money('refund_amount').notNull(),
    refundCurrency: varchar('refund_currency', { length: 3 }).notNull(),
    refundNote: text('refund_note').notNull(),
    refundStatus: varchar('refund_status', { length: 24 }).notNull(),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payment_simulator_refunds_order_refund').on(table.orderId, table.refundId),
  ],
);

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
