import { useCallback, useEffect, useState } from 'react';

export interface LazyModule<T> {
  /** The module's export once it has arrived; undefined before, and after a failed load. */
  value: T | undefined;
  /** True when the last load failed (it is asked again by `retry`, or when `wanted` turns on). */
  failed: boolean;
  /** Asks again after a failure; does nothing while loaded or loading. */
  retry: () => void;
}

/**
 * A part of a screen whose code arrives after the screen (issue 17: the review dialog, the
 * dashboard's charts), loaded once `wanted` is true. Unlike React.lazy, a failed load (a phone
 * that lost its network) is not thrown at the screen, where it would replace the whole portal
 * with an error: the screen keeps working without that part and may ask again.
 */
export function useLazyModule<T>(load: () => Promise<T>, wanted: boolean): LazyModule<T> {
  const [value, setValue] = useState<{ current: T } | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || value || failed) return;
    let live = true;
    load().then(
      (loaded) => {
        if (live) setValue({ current: loaded });
      },
      (error: unknown) => {
        console.error('Could not load a part of this page', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
    // `load` should be a module-level function; clearing `failed` (retry) starts a new try.
  }, [load, wanted, value, failed]);
  const retry = useCallback(() => setFailed(false), []);
  return { value: value?.current, failed, retry };
}
