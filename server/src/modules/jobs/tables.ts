import { sql } from 'drizzle-orm';
import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What a job has done, by its idempotency key: a job run again after a crash finds its key here
 * and does not send the same SMS twice.
 */
export const jobDeliveries = pgTable('job_deliveries', {
  key: varchar('key', { length: 128 }).primaryKey(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().default(sql`now()`),
});
