import { useCallback, useRef } from 'react';

/**
 * Wraps an async action so that a second call while the first is still running does nothing.
 * A busy button is disabled only once React has rendered it busy; on a slow phone a double tap
 * lands before that render, and both taps sent the request (two codes, two orders). The lock
 * is a ref, so it holds from the first tap's very first line.
 */
export function useSingleFlight<Args extends unknown[]>(
  action: (...args: Args) => Promise<void> | void,
): (...args: Args) => Promise<void> {
  const running = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  return useCallback(async (...args: Args) => {
    if (running.current) return;
    running.current = true;
    try {
      await latest.current(...args);
    } finally {
      running.current = false;
    }
  }, []);
}
