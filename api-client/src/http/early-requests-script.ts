import { API_PATHS } from '../endpoints/paths';
import { TIME_ZONE } from '../i18n/format';
import { intlLocale } from '../i18n/locales';
import { READER_LOCALE_FUNCTION } from '../i18n/reader-locale-script';
import { FIRST_PAINT_ATTRIBUTE, INLINE_CONFIG_ID } from '../runtime-config';
import { STORAGE_KEYS } from '../session/storage';
import { EARLY_REQUESTS_GLOBAL } from './early-requests';

/*
 * The page's inline script of issue 17 (early-requests.ts has the side that takes its answers).
 * A module of its own: only the server renders it, and a portal that imported it with
 * early-requests.ts carried the whole text (5 KB) in its App chunk.
 */

/**
 * The GETs each signed-in page makes before it can paint, by portal (spec sections 2 and 6), and
 * the pages whose first render shows an amount or a date (`formats`: their paths, or every page).
 */
export const EARLY_REQUESTS = {
  client: {
    // SessionProvider asks for both on every page of a signed-in client.
    all: [API_PATHS.currentUser, API_PATHS.registrationStatus],
    // The form resumes from the saved draft before it shows (issue 18).
    pages: { '/register': [API_PATHS.profileDraft] } as Record<string, string[]>,
    // Not /register: its form shows an amount only on its last step, the review.
    formats: ['/dashboard', '/payment', '/status'] as string[] | true,
  },
  admin: {
    all: [API_PATHS.currentUser],
    pages: { '/portal-admin/dashboard': [API_PATHS.adminDashboard] } as Record<string, string[]>,
    // Counts, dates and times on every staff page.
    formats: true as string[] | true,
  },
} as const;

/**
 * The page's inline script (classic, no module, no dependency): the CSP allows it by the SHA-256
 * of exactly this text, so the server computes that from this constant. It reads the stored
 * session and language the way the api-client and the client portal do, and never throws.
 */
export const EARLY_REQUESTS_SCRIPT = `(function () {
  try {
    // '/status/' shows /status (the router ignores a trailing slash): it gets the same plan.
    var path = location.pathname.replace(/\\/+$/, '') || '/';
    var admin = path === '/portal-admin' || path.indexOf('/portal-admin/') === 0;
    var plan = ${JSON.stringify(EARLY_REQUESTS)}[admin ? 'admin' : 'client'];
    var token = localStorage.getItem(admin ? ${JSON.stringify(STORAGE_KEYS.admin.accessToken)} : ${JSON.stringify(STORAGE_KEYS.client.accessToken)});
    if (!token || !window.fetch) return;
    var configElement = document.getElementById(${JSON.stringify(INLINE_CONFIG_ID)});
    var config = JSON.parse(configElement.textContent);
    var headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
    var language = null;
    if (!admin) {
      language = (${READER_LOCALE_FUNCTION})();
      headers['Accept-Language'] = language;
    }
    var early = (window.${EARLY_REQUESTS_GLOBAL} = {});
    plan.all.concat(plan.pages[path] || []).forEach(function (url) {
      early[url] = {
        token: token,
        language: language,
        at: performance.now(),
        answer: fetch((config.apiBaseUrl || '') + url, { headers: headers, credentials: 'include' }).then(
          function (response) {
            return response.text().then(function (body) {
              return { status: response.status, body: body, contentType: response.headers.get('Content-Type') };
            });
          },
          function () {
            return null;
          },
        ),
      };
    });
    // Intl starts up with the first formatter a page makes: 31-47 ms in Chromium on the bench's
    // machine, four times that on a slow phone, then 0.1-10 ms for each next one. Made here, while
    // a first visit's scripts download, that start is not paid by the render that paints the
    // page's amounts and dates (bench/README.md F17). Not on a page painted from its HTML (a
    // stored token on /login): this script runs before that paint. Nor on a page whose first
    // render formats nothing (/register): there it was only a long task in the page's way.
    if (configElement.hasAttribute(${JSON.stringify(FIRST_PAINT_ATTRIBUTE)})) return;
    if (plan.formats !== true && plan.formats.indexOf(path) === -1) return;
    var intlLocale = admin ? 'en-US' : ${JSON.stringify({ en: intlLocale('en'), hi: intlLocale('hi') })}[language];
    new Intl.NumberFormat(intlLocale, { numberingSystem: 'latn' }).format(1);
    new Intl.DateTimeFormat(intlLocale, { timeZone: ${JSON.stringify(TIME_ZONE)}, numberingSystem: 'latn' }).format(0);
  } catch (error) {
    // The portal asks for everything itself, as it always did.
  }
})();`;
