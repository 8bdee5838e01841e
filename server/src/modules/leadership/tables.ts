import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Who runs a background duty (payment reconciliation, the SMS worker) now: one row per duty,
 * held by one instance until `expires_at` unless it renews. An instance that dies stops renewing,
 * and another takes the duty once the lease has run out.
 */
export const jobLeases = pgTable('job_leases', {
  name: varchar('name', { length: 64 }).primaryKey(),
  holder: varchar('holder', { length: 128 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
