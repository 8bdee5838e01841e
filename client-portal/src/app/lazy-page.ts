import { type ComponentType, createElement, lazy, useEffect, useState } from 'react';

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

/**
 * Has `page` loaded in idle time once the page on screen has painted, when `wanted`: a page that
 * may have to be shown without the network (a session ending while the phone is offline). Effects
 * run after the paint, and the idle callback after the work that follows it, so the load never
 * competes with the page being shown. A failure is left for the page's own render to retry.
 */
export function useIdlePreload(page: LazyPage, wanted: boolean): void {
  useEffect(() => {
    if (!wanted) return;
    const load = () => {
      page.preload().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: IDLE_PRELOAD_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, IDLE_PRELOAD_TIMEOUT_MS);
    return () => window.clearTimeout(id);
  }, [page, wanted]);
}

/** A phone that never goes idle still gets the page within this time. */
const IDLE_PRELOAD_TIMEOUT_MS = 5_000;
