import { useCallback, useEffect, useState } from 'react';

export const MAX_LOGIN_ATTEMPTS = 3;
export const LOCKOUT_SECONDS = 30;

interface LockoutState {
  failures: number;
  /** Epoch ms when the lock ends; null while unlocked. */
  lockedUntil: number | null;
  secondsLeft: number;
}

export interface LoginLockout {
  locked: boolean;
  secondsLeft: number;
  /** Counts one failed attempt; locks on the last one. Returns the attempts still allowed. */
  recordFailure(): number;
  /** Locks at once, e.g. when the server already answers 429. */
  lock(seconds?: number): void;
  /** Forgets the failures after a successful login. */
  reset(): void;
}

const UNLOCKED: LockoutState = { failures: 0, lockedUntil: null, secondsLeft: 0 };

/**
 * The admin login lockout of spec sections 4 and 5: after 3 failed attempts the form locks for 30
 * seconds with a countdown, then the counter resets. The countdown reads the clock on each tick,
 * so a throttled background tab still unlocks on time.
 */
export function useLoginLockout(
  maxAttempts = MAX_LOGIN_ATTEMPTS,
  lockSeconds = LOCKOUT_SECONDS,
): LoginLockout {
  const [state, setState] = useState<LockoutState>(UNLOCKED);
  const { lockedUntil } = state;

  useEffect(() => {
    if (lockedUntil === null) return;
    const timer = setInterval(() => {
      const secondsLeft = Math.ceil((lockedUntil - Date.now()) / 1000);
      setState((current) => (secondsLeft <= 0 ? UNLOCKED : { ...current, secondsLeft }));
    }, 1000);
    return () => clearInterval(timer);
  }, [lockedUntil]);

  const lock = useCallback(
    (seconds = lockSeconds) => {
      const duration = Math.max(1, Math.ceil(seconds));
      setState({
        failures: maxAttempts,
        lockedUntil: Date.now() + duration * 1000,
        secondsLeft: duration,
      });
    },
    [lockSeconds, maxAttempts],
  );

  const recordFailure = useCallback(() => {
    const failures = state.failures + 1;
    if (failures >= maxAttempts) {
      lock();
      return 0;
    }
    setState({ ...state, failures });
    return maxAttempts - failures;
  }, [state, maxAttempts, lock]);

  const reset = useCallback(() => setState(UNLOCKED), []);

  return {
    locked: lockedUntil !== null,
    secondsLeft: state.secondsLeft,
    recordFailure,
    lock,
    reset,
  };
}
