import { type ComponentType, createElement, lazy, useState } from 'react';

/** A page loaded on first visit, which `preload()` can have ready before the first render. */
export type LazyPage = ComponentType & { preload(): Promise<void> };

/**
 * React.lazy suspends on its first render even when the module is already in the browser's
 * cache, and the AppLayout's fallback would then stand for a frame in place of the page the
 * server painted. Once `preload()` has settled, a page renders at once; an instance that began
 * lazily stays lazy, so nothing is remounted when the module arrives.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const fetchPage = () => {
    loading ??= load().then((page) => {
      loaded = page;
      return page;
    });
    return loading;
  };
  const Lazy = lazy(() => fetchPage().then((page) => ({ default: page })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level, as React.lazy's components are.
  function Page() {
    const [Ready] = useState(() => loaded);
    return createElement(Ready ?? Lazy);
  }
  return Object.assign(Page, {
    preload: () =>
      fetchPage().then(
        () => undefined,
        (error: unknown) => {
          // A page that failed to load is asked for again when it renders (React.lazy's error
          // then reaches the boundary), not cached as failed.
          loading = undefined;
          throw error;
        },
      ),
  });
}
