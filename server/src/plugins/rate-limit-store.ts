import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Store = InstanceType<typeof RedisStore>;
/** What the plugin hands a store: its global settings, or a route's for `child`. */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}

/**
 * Counters in Redis, shared by every instance; while Redis cannot be reached, each instance
 * counts in memory instead. Failing open would leave login unthrottled for the outage, and
 * failing closed (the library's default) answers every login with a 500.
 */
export function redisStoreWithFallback(
  redis: Redis,
  nameSpace: string,
  onFallback: (error: Error) => void,
): FastifyRateLimitStoreCtor {
  class RedisWithFallback {
    private readonly primary: Store;
    private readonly fallback: Store;

    constructor(options: StoreOptions, stores?: { primary: Store; fallback: Store }) {
      const { continueExceeding = false, exponentialBackoff = false } = options;
      this.primary =
        stores?.primary ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.fallback =
        stores?.fallback ?? new LocalStore(continueExceeding, exponentialBackoff, options.cache);
    }

    incr(...[key, callback, timeWindow, max]: Parameters<Store['incr']>) {
      this.primary.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          onFallback(error);
          this.fallback.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: StoreOptions) {
      return new RedisWithFallback(routeOptions, {
        primary: this.primary.child(routeOptions),
        fallback: this.fallback.child(routeOptions),
      });
    }
  }
  return RedisWithFallback as unknown as FastifyRateLimitStoreCtor;
}
