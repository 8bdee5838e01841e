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
 * the listed scripts as `<link rel="modulepreload">` and the entry as `<script type="module">`,
 * once: at the first contentful paint, when the page is not visible (no paint will come), or after
 * DEFERRED_MODULES_FALLBACK_MS. The copy's form sends nothing by itself: its button is inert and a
 * form with two fields has no implicit submission, and a submit that still happens (a browser's
 * own) is cancelled, so a password never lands in a URL.
 */
export const TYPEABLE_PAINT_SCRIPT = `(function () {
  try {
    document.addEventListener(
      'submit',
      function (event) {
        var form = event.target;
        if (form && form.closest && form.closest('[${TYPEABLE_PAINT_ATTRIBUTE}]')) event.preventDefault();
      },
      true,
    );
  } catch (error) {
    // Without closest(), the copy's button is still inert.
  }
  var started = false;
  var start = function () {
    if (started) return;
    started = true;
    var list = [];
    try {
      list = JSON.parse(document.getElementById(${JSON.stringify(DEFERRED_MODULES_ID)}).textContent);
    } catch (error) {
      return;
    }
    for (var i = 0; i < list.length; i += 1) {
      var entry = i === 0;
      var element = document.createElement(entry ? 'script' : 'link');
      if (entry) {
        element.type = 'module';
        element.src = list[i][0];
      } else {
        element.rel = 'modulepreload';
        element.href = list[i][0];
      }
      if (list[i][1] !== null) element.setAttribute('crossorigin', list[i][1]);
      document.head.appendChild(element);
    }
  };
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
