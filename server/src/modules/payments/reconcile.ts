import type { FastifyInstance } from 'fastify';

export interface ReconcileJob {
  /** Stops the timer and waits for a run in progress, so shutdown never cuts one in half. */
  stop(): Promise<void>;
}

/**
 * Every `intervalSeconds`, asks the provider about orders left open (the browser closed, the
 * webhook never came, the gateway timed out) and settles them through the mark-paid path.
 * Started by server.ts only; tests call app.payments.reconcile() directly.
 */
export function startReconcileJob(app: FastifyInstance, intervalSeconds: number): ReconcileJob {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = app.payments
      .reconcile()
      .then((summary) => {
        app.metrics.reconcileRuns.inc({ outcome: 'ok' });
        for (const [result, count] of Object.entries(summary)) {
          app.metrics.reconcileOrders.inc({ result }, count);
        }
      })
      .catch((error: unknown) => {
        app.metrics.reconcileRuns.inc({ outcome: 'failed' });
        app.log.error({ err: error }, 'payment reconciliation failed');
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
