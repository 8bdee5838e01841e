/**
 * Whether this instance should get new requests. It turns not-ready once, on SIGTERM: /api/ready
 * then answers 503 so the balancer takes the instance out, and every answer carries
 * `Connection: close`, so kept-alive clients reconnect through the balancer to another instance.
 */
export interface Readiness {
  readonly draining: boolean;
  drain(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}
