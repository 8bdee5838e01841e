import pLimit from 'p-limit';
import { HttpError } from '../../plugins/error-handler';

/** The answer to a password check or hash the instance has no room for now. */
export const BUSY_MESSAGE = 'We are busy right now. Please try again in a few seconds.';
/** Seconds a client is asked to wait (Retry-After) before it tries again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * Admission control for argon2 (64 MiB and 3 passes a hash, ~0.1-0.3 s of a core): at most
 * `concurrency` at once (libuv's 4 threads run them anyway) and at most `queueLimit` waiting;
 * past that a signup or sign-in is answered 503 at once with Retry-After, before any work or any
 * change (a signup's code is not spent), and the client tries again, here or on another instance.
 *
 * Without a bound, 200 signups at once on a 2-core cluster queued for over a minute: clients gave
 * up and sent them again (twice the work), and an instance told to drain held 30 s of queued
 * hashing past its shutdown timeout and cut the requests it had accepted. With it, what an
 * instance has accepted is a few seconds of work, and a drain finishes it.
 */
export function createHashingGate(options: { concurrency?: number; queueLimit: number }) {
  const limit = pLimit(options.concurrency ?? 4);
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      if (limit.pendingCount >= options.queueLimit) {
        return Promise.reject(
          new HttpError(503, BUSY_MESSAGE, undefined, {
            'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
          }),
        );
      }
      return limit(work);
    },
    /** Hashes and checks running now, and waiting for a place. */
    get load() {
      return { running: limit.activeCount, waiting: limit.pendingCount };
    },
  };
}

export type HashingGate = ReturnType<typeof createHashingGate>;
