import { STORAGE_KEYS } from '../session/storage';

/*
 * A page painted by its HTML that a visitor can type into before any script runs (issue 17,
 * bench/README.md F30): /login. Its scripts are asked for once that paint is on screen.
 *
 * The other painted pages show an inert, read-only copy until the portal renders over it, so the
 * form can be used only once its 25 scripts (about 180 KB) have arrived: 2.0-2.8 s after the
 * navigation on the cheap-phone profile, where the copy was on screen after 0.6-1.3 s. On /login
 * the copy's fields take input at once; the portal adopts what was typed (client portal
 * `lib/painted-fields.ts`). Nothing there needs a script until the visitor has typed a number and
 * a password, so the scripts no longer compete with the paint for the phone's CPU and network:
 * they are asked for when the first contentful paint has been presented.
 */

/** On the wrapper of a painted copy whose fields take input (instead of `inert`). */
export const TYPEABLE_PAINT_ATTRIBUTE = 'data-lp-typeable';

/**
 * The `<script type="application/json">` listing the page's module scripts, the entry first, each
 * `[url, crossorigin]` (`crossorigin` as the element had it, `null` without one).
 */
export const DEFERRED_MODULES_ID = 'lp-deferred-modules';

/**
 * The scripts are asked for this long after this script ran, at the latest: a browser without
 * paint timing, or a paint that never comes (a tab opened in the background paints nothing until
 * it is shown, and then the timer has long fired).
 */
export const DEFERRED_MODULES_FALLBACK_MS = 1000;

/**
 * Classic script, no dependency; the CSP allows it by the SHA-256 of exactly this text. Asks for
 * the listed scripts once: at the first contentful paint, when the page is not visible (no paint
 * will come), or after DEFERRED_MODULES_FALLBACK_MS; at once, with the copy made inert, for a
 * client with a stored session. The others as `<link rel="modulepreload">` at
 * once, the entry as `<script type="module">` once the document is parsed, as the parser's own
 * module script would have run. The copy itself cannot submit anything (build-config
 * `page-hints.mjs`: no form, inert buttons).
 */
export const TYPEABLE_PAINT_SCRIPT = `(function () {
  var started = false;
  var element = function (item, tag) {
    var node = document.createElement(tag);
    if (tag === 'script') {
      node.type = 'module';
      node.src = item[0];
    } else {
      node.rel = 'modulepreload';
      node.href = item[0];
    }
    if (item[1] !== null) node.setAttribute('crossorigin', item[1]);
    document.head.appendChild(node);
  };
  var start = function () {
    if (started) return;
    started = true;
    var list = [];
    try {
      list = JSON.parse(document.getElementById(${JSON.stringify(DEFERRED_MODULES_ID)}).textContent);
    } catch (error) {
      return;
    }
    if (list.length === 0) return;
    for (var i = 1; i < list.length; i += 1) element(list[i], 'link');
    if (document.readyState !== 'loading') element(list[0], 'script');
    else document.addEventListener('DOMContentLoaded', function () {
      element(list[0], 'script');
    });
  };
  // A client with a stored session: the portal checks it behind its loading screen before it
  // shows the form, which would take away a copy being typed into. The copy stays as the other
  // painted pages' do, inert and read-only, and the scripts are asked for at once.
  var signedIn = false;
  try {
    signedIn = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.client.accessToken)}) !== null;
  } catch (error) {
    // No storage: no stored session either.
  }
  if (signedIn) {
    var lock = function () {
      var copy = document.querySelector('[${TYPEABLE_PAINT_ATTRIBUTE}]');
      if (!copy) return;
      copy.setAttribute('inert', '');
      var fields = copy.querySelectorAll('input');
      for (var i = 0; i < fields.length; i += 1) fields[i].readOnly = true;
    };
    if (document.readyState !== 'loading') lock();
    else document.addEventListener('DOMContentLoaded', lock);
    start();
  }
  try {
    new PerformanceObserver(function (entries) {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) start();
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    start();
  }
  if (document.visibilityState === 'hidden') start();
  setTimeout(start, ${DEFERRED_MODULES_FALLBACK_MS});
})();`;
