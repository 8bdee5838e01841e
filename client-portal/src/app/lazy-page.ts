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
 * Has `page` loaded in idle time a while after the page on screen has loaded, when `wanted`: a page
 * that may have to be shown without the network (a session ending while the phone is offline), or
 * code a page needs soon but not for its first paint (a form's rules).
 * Not at once: a signed-in page often paints its content only when its data arrives, after the
 * window's load event, and an earlier load competed with it (issue 17: on /register the login
 * form's 5 files landed before the heading in one Lighthouse run of three, +230 ms). A failure
 * (offline at that moment) is tried again when the phone is back online, and by the page's own
 * render.
 */
export function useIdlePreload(page: Pick<LazyPage, 'preload'>, wanted: boolean): void {
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    let timer: number | undefined;
    let idle: number | undefined;
    const load = () => {
      page.preload().catch(() => {
        // Offline when its time came: again once the phone is back online.
        if (active) window.addEventListener('online', load, { once: true });
      });
    };
    const afterLoad = () => {
      timer = window.setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') {
          idle = window.requestIdleCallback(load, { timeout: IDLE_PRELOAD_TIMEOUT_MS });
        } else {
          load();
        }
      }, AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      active = false;
      window.removeEventListener('load', afterLoad);
      window.removeEventListener('online', load);
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [page, wanted]);
}

/** How long after the window's load event the preload waits before asking for idle time. */
const AFTER_LOAD_MS = 2_000;

/** A phone that never goes idle still gets the page within this time. */
const IDLE_PRELOAD_TIMEOUT_MS = 5_000;
