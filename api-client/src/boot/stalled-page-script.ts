/*
 * The page's second inline script: a page whose scripts fail or stop arriving reloads itself once,
 * and if they fail again says so, with a Retry button.
 *
 * Until the shell renders, the page shows what the HTML painted: the signed-out form as an inert,
 * read-only copy, or the boot screen. A script that fails to load (a dropped connection on a slow
 * phone) or that never arrives left that copy on screen for good: a form nobody could type into.
 * CI saw it once in about five runs under the cheap-phone throttling: /signup's scripts had no
 * answer after 120 s, and the Mobile Number field stayed read-only. A person would reload; the page
 * now does so itself, once: nothing typed can be lost, since the copy takes no input (a copy that
 * does, /login's, is not reloaded once something is typed into it: the notice comes at once, and
 * Retry reloads when the visitor chooses). When the
 * reloaded page fails too, it does not reload in a loop: it shows the shell's notice (the
 * `<template>` its index.html carries in English and Hindi, written from the shell's catalogs at
 * build time) above the copy, in the reader's language, and reloads when Retry is pressed.
 */

import { READER_LOCALE_FUNCTION } from '../i18n/reader-locale-script';
import { TYPEABLE_PAINT_ATTRIBUTE } from './typeable-paint-script';

/** No resource finished for this long and the shell has not rendered: the load has stalled. */
export const STALLED_PAGE_MS = 30_000;

/** sessionStorage: when the page last reloaded itself, so that a page that fails again stays. */
export const STALLED_PAGE_RELOADED_KEY = 'loan-portal.stalled-page-reloaded-at';

/**
 * The `<template>` of the shell's index.html holding the notice once per language, each copy a
 * `lang` attribute (`en-IN`, `hi-IN`) and one `<button>` (Retry).
 */
export const STALLED_NOTICE_TEMPLATE_ID = 'lp-stalled-notice';

/** Within this long of its last reload, a page does not reload itself again. */
const RELOAD_AGAIN_AFTER_MS = 120_000;

/**
 * Classic script, no dependency; the CSP allows it by the SHA-256 of exactly this text. The shell
 * has rendered once the element the HTML put last in #root (the painted page or the boot screen)
 * has left the document: React's first render replaces it, error screens included. The notice is
 * in Hindi on a client page whose reader chose Hindi (the device's stored language, else the lang
 * cookie: READER_LOCALE_FUNCTION, the portal's rule); the back office is English.
 */
export const STALLED_PAGE_SCRIPT = `(function () {
  try {
    var lastProgress = Date.now();
    var placeholder = null;
    var settled = false;
    var notice = null;
    var alive = function () {
      return placeholder !== null && !placeholder.isConnected;
    };
    // When this page last reloaded itself or was retried (0: never, or no sessionStorage).
    var reloadedAt = function () {
      try {
        return Number(sessionStorage.getItem(${JSON.stringify(STALLED_PAGE_RELOADED_KEY)})) || 0;
      } catch (error) {
        return 0;
      }
    };
    // Every reload from here (its own, or Retry) is remembered, so that the next failure shows the
    // notice instead of reloading again. On a reload Chromium scrolls back to the element that was
    // on screen: with the notice above the copy, that hid the notice above the screen's top. A page
    // reloaded from here starts at the top; the page that renders sets it back.
    var reload = function () {
      try {
        sessionStorage.setItem(${JSON.stringify(STALLED_PAGE_RELOADED_KEY)}, String(Date.now()));
        history.scrollRestoration = 'manual';
      } catch (error) {
        // Reloads as before.
      }
      location.reload();
    };
    // The client's language by the portal's rule; the back office is English.
    var hindiReader = function () {
      var path = location.pathname;
      if (path === '/portal-admin' || path.indexOf('/portal-admin/') === 0) return false;
      return (${READER_LOCALE_FUNCTION})() === 'hi';
    };
    var showNotice = function () {
      try {
        var template = document.getElementById(${JSON.stringify(STALLED_NOTICE_TEMPLATE_ID)});
        var copy = template && template.content.querySelector(
          hindiReader() ? '[lang^="hi"]' : '[lang^="en"]',
        );
        if (!copy || !document.body) return;
        findPlaceholder();
        notice = document.importNode(copy, true);
        notice.querySelector('button').addEventListener('click', reload);
        document.body.insertBefore(notice, document.body.firstChild);
        // The boot screen's spinner, or the "Loading" a painted copy announces beside it, would
        // contradict the notice; a painted form stays on screen as a guide.
        if (placeholder && placeholder.classList.contains('lp-boot')) {
          placeholder.style.display = 'none';
        } else if (placeholder && placeholder.previousElementSibling) {
          var status = placeholder.previousElementSibling;
          if (status.getAttribute('role') === 'status') status.style.display = 'none';
        }
        // A copy that took input says, as the notice does, that it cannot be used yet: what was
        // typed stays on screen, read-only.
        if (placeholder && placeholder.hasAttribute(${JSON.stringify(TYPEABLE_PAINT_ATTRIBUTE)})) {
          var fields = placeholder.querySelectorAll('input');
          for (var i = 0; i < fields.length; i += 1) fields[i].readOnly = true;
          placeholder.setAttribute('inert', '');
        }
        // A reader who scrolled the copy while it stalled: the notice is above, so go there.
        window.scrollTo(0, 0);
      } catch (error) {
        // The copy stays on screen, as it did before the notice existed.
      }
    };
    // Something typed into a copy that takes input (typeable-paint-script.ts): a reload would lose it.
    var typed = function () {
      findPlaceholder();
      if (!placeholder || !placeholder.hasAttribute(${JSON.stringify(TYPEABLE_PAINT_ATTRIBUTE)})) return false;
      var fields = placeholder.querySelectorAll('input');
      for (var i = 0; i < fields.length; i += 1) {
        if (fields[i].value !== '') return true;
      }
      return false;
    };
    var giveUp = function () {
      if (settled || alive()) return;
      settled = true;
      if (typed()) {
        showNotice();
        return;
      }
      // Reloads itself only when it can remember doing so: without sessionStorage (a locked-down
      // browser) a reload could repeat for ever, so the notice comes at once instead.
      var remembered = false;
      if (Date.now() - reloadedAt() >= ${RELOAD_AGAIN_AFTER_MS}) {
        try {
          sessionStorage.setItem(${JSON.stringify(STALLED_PAGE_RELOADED_KEY)}, String(Date.now()));
          remembered = true;
        } catch (error) {
          remembered = false;
        }
      }
      if (remembered) reload();
      else showNotice();
    };
    // Found once the document is parsed: at DOMContentLoaded, or at a module script's "error",
    // which comes after parsing but before DOMContentLoaded.
    var findPlaceholder = function () {
      if (placeholder === null) {
        var root = document.getElementById('root');
        placeholder = root && root.lastElementChild;
      }
    };
    document.addEventListener('DOMContentLoaded', findPlaceholder);
    // A module script whose graph could not be fetched fires "error" at its element.
    window.addEventListener(
      'error',
      function (event) {
        if (event.target && event.target.tagName === 'SCRIPT') giveUp();
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
        // Rendered after all (a late script): the notice, if any, has nothing left to say.
        settled = true;
        clearInterval(timer);
        if (notice && notice.parentNode) notice.parentNode.removeChild(notice);
        // Only what a reload of this script set: another 'manual' is someone else's choice.
        if (history.scrollRestoration === 'manual' && Date.now() - reloadedAt() < ${RELOAD_AGAIN_AFTER_MS}) {
          history.scrollRestoration = 'auto';
        }
      } else if (!settled && Date.now() - lastProgress > ${STALLED_PAGE_MS}) {
        giveUp();
      }
    }, 1000);
  } catch (error) {
    // The page loads as it always did.
  }
})();`;
