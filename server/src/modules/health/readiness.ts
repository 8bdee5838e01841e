/**
 * Whether this instance should get new requests. It turns not-ready once, on SIGTERM: /api/ready
 * then answers 503 so the balancer takes the instance out, and every answer carries
 * `Connection: close`, so kept-alive clients reconnect through the balancer to another instance.
 *
 * The balancer's checks can be slow to notice (a loaded balancer, or a loaded instance answering
 * its checks late), so the drain does not trust a fixed delay alone: it also waits until no
 * client request has arrived for a while. Closing while the balancer still routes here resets
 * requests it had just written to a kept-alive connection (the cluster test saw 30 such resets).
 */
/** The balancer's and the orchestrator's checks: they keep coming after the instance is out. */
export const HEALTH_CHECKS = new Set(['/api/ready', '/api/health']);

/** A drain closes once no client request has arrived for this long (after DRAIN_DELAY_SECONDS). */
export const DRAIN_QUIET_MS = 1_000;

export interface Readiness {
  readonly draining: boolean;
  drain(): void;
  /** Notes a client's request (health checks are not clients) that arrived while draining. */
  served(): void;
  /**
   * Resolves once no client request has arrived for `quietMs` since the drain began, or after
   * `atMostMs` (an overloaded instance may never be quiet: it must still close in time).
   */
  quiet(quietMs: number, atMostMs: number): Promise<void>;
}

export function createReadiness(now: () => number = Date.now): Readiness {
  let draining = false;
  let lastRequestAt = 0;
  return {
    get draining() {
      return draining;
    },
    drain() {
      if (!draining) lastRequestAt = now();
      draining = true;
    },
    served() {
      lastRequestAt = now();
    },
    async quiet(quietMs, atMostMs) {
      const giveUpAt = now() + atMostMs;
      for (;;) {
        const wait = Math.min(lastRequestAt + quietMs, giveUpAt) - now();
        if (wait <= 0) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 100)));
      }
    },
  };
}
