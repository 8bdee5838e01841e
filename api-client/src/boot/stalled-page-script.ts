/*
 * The page's second inline script: a page whose scripts fail or stop arriving reloads itself once.
 *
 * Until the shell renders, the page shows what the HTML painted: the signed-out form as an inert,
 * read-only copy, or the boot screen. A script that fails to load (a dropped connection on a slow
 * phone) or that never arrives left that copy on screen for good: a form nobody could type into.
 * CI saw it once in about five runs under the cheap-phone throttling: /signup's scripts had no
 * answer after 120 s, and the Mobile Number field stayed read-only. A person would reload; the page
 * now does so itself, once: nothing typed can be lost, since the copy takes no input.
 */

/** No resource finished for this long and the shell has not rendered: the load has stalled. */
export const STALLED_PAGE_MS = 30_000;

/** sessionStorage: when the page last reloaded itself, so that a page that fails again stays. */
export const STALLED_PAGE_RELOADED_KEY = 'loan-portal.stalled-page-reloaded-at';

/** Within this long of its last reload, a page does not reload itself again. */
const RELOAD_AGAIN_AFTER_MS = 120_000;

/**
 * Classic script, no dependency; the CSP allows it by the SHA-256 of exactly this text. The shell
 * has rendered once the element the HTML put last in #root (the painted page or the boot screen)
 * has left the document: React's first render replaces it, error screens included.
 */
export const STALLED_PAGE_SCRIPT = `(function () {
  try {
    var lastProgress = Date.now();
    var placeholder = null;
    var settled = false;
    var alive = function () {
      return placeholder !== null && !placeholder.isConnected;
    };
    var reloadOnce = function () {
      if (settled || alive()) return;
      settled = true;
      clearInterval(timer);
      try {
        var at = Number(sessionStorage.getItem(${JSON.stringify(STALLED_PAGE_RELOADED_KEY)})) || 0;
        if (Date.now() - at < ${RELOAD_AGAIN_AFTER_MS}) return;
        sessionStorage.setItem(${JSON.stringify(STALLED_PAGE_RELOADED_KEY)}, String(Date.now()));
        location.reload();
      } catch (error) {
        // No sessionStorage (a locked-down browser): no reload, which could then repeat.
      }
    };
    document.addEventListener('DOMContentLoaded', function () {
      var root = document.getElementById('root');
      placeholder = root && root.lastElementChild;
    });
    // A module script whose graph could not be fetched fires "error" at its element.
    window.addEventListener(
      'error',
      function (event) {
        if (event.target && event.target.tagName === 'SCRIPT') reloadOnce();
      },
      true,
    );
    if (window.PerformanceObserver) {
      new PerformanceObserver(function () {
        lastProgress = Date.now();
      }).observe({ type: 'resource', buffered: true });
    }
    var timer = setInterval(function () {
      if (alive()) {
        settled = true;
        clearInterval(timer);
      } else if (Date.now() - lastProgress > ${STALLED_PAGE_MS}) {
        reloadOnce();
      }
    }, 1000);
  } catch (error) {
    // The page loads as it always did.
  }
})();`;
