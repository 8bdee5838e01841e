// The two stores @fastify/rate-limit ships but does not type: the Redis one and the in-memory one.
declare module '@fastify/rate-limit/store/*' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
  interface Store extends FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: unknown): Store;
  }
  const Store: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    ...rest: unknown[]
  ) => Store;
  export default Store;
}
