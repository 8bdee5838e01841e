import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import type { SmsMeta, SmsProvider } from '../../providers/sms';
import { payments } from '../payments/tables';

/**
 * The instruments of one server instance, in a registry of its own (tests build several apps in
 * one process). Counters count this instance's work; the gauges of payments and jobs read the
 * shared database when scraped, so every instance reports the same totals.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'loan_' });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'loan_http_request_duration_seconds',
      help: 'Time to answer a request, by route template and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    smsMessages: new Counter({
      name: 'loan_sms_messages_total',
      help: 'SMS handed to the provider, by purpose (signup, reset, account_exists, status) and outcome (sent, failed)',
      labelNames: ['purpose', 'outcome'] as const,
      registers: [registry],
    }),
    reconcileOrders: new Counter({
      name: 'loan_reconcile_orders_total',
      help: 'Open payment orders the reconciliation looked at, by result (checked, paid, closed, flagged, errors)',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    jobRunner: new Gauge({
      name: 'loan_job_runner',
      help: '1 while this instance runs the background jobs (the SMS worker and the reconciliation), else 0: across a cluster exactly one says 1',
      registers: [registry],
    }),
    reconcileRuns: new Counter({
      name: 'loan_reconcile_runs_total',
      help: 'Reconciliation passes, by outcome (ok, failed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Gauges filled from the database at each scrape. */
export function registerDatabaseGauges(
  metrics: Metrics,
  sources: {
    payments(): Promise<{ status: string; flag: string; count: number }[]>;
    jobs(): Promise<{ queue: string; waiting: number; oldestSeconds: number }[]>;
  },
) {
  new Gauge({
    name: 'loan_payments',
    help: 'Payments recorded, by provider status and flag ("" when not flagged)',
    labelNames: ['status', 'flag'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      for (const row of await sources.payments()) {
        this.set({ status: row.status, flag: row.flag }, row.count);
      }
    },
  });
  // One query fills both gauges. The registry collects its metrics concurrently, so each gauge
  // awaits the same query of this scrape (reading one gauge's values from the other's collect
  // left the ages empty: the second gauge was serialized before the query answered).
  let reading: ReturnType<typeof sources.jobs> | undefined;
  const jobRows = () => {
    reading ??= sources.jobs().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  new Gauge({
    name: 'loan_job_queue_waiting',
    help: 'Jobs not yet done, per queue',
    labelNames: ['queue'] as const,
    registers: [metrics.registry],
    async collect() {
      const rows = await jobRows();
      this.reset();
      for (const row of rows) this.set({ queue: row.queue }, row.waiting);
    },
  });
  new Gauge({
    name: 'loan_job_queue_oldest_seconds',
    help: 'Age of the oldest job not yet done, per queue',
    labelNames: ['queue'] as const,
    registers: [metrics.registry],
    async collect() {
      const rows = await jobRows();
      this.reset();
      for (const row of rows) this.set({ queue: row.queue }, row.oldestSeconds);
    },
  });
}

/** The SMS provider, counting what it sends and what fails (never the number or the text). */
export function countingSms(provider: SmsProvider, metrics: Metrics): SmsProvider {
  return {
    name: provider.name,
    async send(to: string, body: string, meta: SmsMeta) {
      try {
        await provider.send(to, body, meta);
        metrics.smsMessages.inc({ purpose: meta.purpose, outcome: 'sent' });
      } catch (error) {
        metrics.smsMessages.inc({ purpose: meta.purpose, outcome: 'failed' });
        throw error;
      }
    },
  };
}

/** Payments by provider status and flag, for the `loan_payments` gauge. */
export async function paymentCounts(
  db: Database,
): Promise<{ status: string; flag: string; count: number }[]> {
  return db
    .select({
      status: payments.status,
      flag: sql<string>`coalesce(${payments.flag}, '')`,
      count: sql<number>`count(*)::int`,
    })
    .from(payments)
    .groupBy(payments.status, payments.flag);
}
