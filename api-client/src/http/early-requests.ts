import {
  type AxiosAdapter,
  AxiosError,
  AxiosHeaders,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { API_PATHS } from '../endpoints/paths';
import { TIME_ZONE } from '../i18n/format';
import { intlLocale } from '../i18n/locales';
import { LOCALE_COOKIE, LOCALE_COOKIE_ATTRIBUTE } from '../i18n/preference';
import { FIRST_PAINT_ATTRIBUTE, INLINE_CONFIG_ID } from '../runtime-config';
import { STORAGE_KEYS } from '../session/storage';

/**
 * Issue 17: a signed-in page's first answers, asked for while its scripts download.
 *
 * A signed-in page cannot paint before it knows the session (spec section 2: 'Loading
 * {product}...'), and the portal only asks once every script has arrived and run: on a slow phone
 * the session, and on /register the saved form after it, were two round trips after the last
 * script (Lighthouse's LCP on /register waited 1.7 s after the first paint). The server puts
 * `EARLY_REQUESTS_SCRIPT` into every page it renders (allowed by its hash in the CSP): it starts
 * those same GETs with the stored token at once, and the api-client takes each answer, once, in
 * place of sending the request again (`withEarlyResponses`).
 *
 * An answer is used only by the first matching GET of the same path, with the same token and the
 * same Accept-Language, within EARLY_ANSWER_TTL_MS, and only when it is a 2xx or a 404; anything
 * else (an expired token's 401, a 5xx) is asked again the normal way, so the token refresh, the
 * retry and the error texts stay as they were.
 */

/** Where the page's script leaves its requests: `window[EARLY_REQUESTS_GLOBAL][path]`. */
export const EARLY_REQUESTS_GLOBAL = '__loanPortalEarly';

/** How long an early answer stays usable: a page asks for it as it first renders. */
export const EARLY_ANSWER_TTL_MS = 15_000;

export interface EarlyAnswer {
  status: number;
  body: string;
  contentType: string | null;
}

/** One request the page's script started. */
export interface EarlyRequest {
  /** The access token it was sent with. */
  token: string;
  /** Its Accept-Language, or null when the browser's own was sent (the admin portal's). */
  language: string | null;
  /** `performance.now()` when it was sent. */
  at: number;
  /** null when the request failed on the network (the portal then asks again). */
  answer: Promise<EarlyAnswer | null>;
}

/** The GETs each signed-in page makes before it can paint, by portal (spec sections 2 and 6). */
export const EARLY_REQUESTS = {
  client: {
    // SessionProvider asks for both on every page of a signed-in client.
    all: [API_PATHS.currentUser, API_PATHS.registrationStatus],
    // The form resumes from the saved draft before it shows (issue 18).
    pages: { '/register': [API_PATHS.profileDraft] } as Record<string, string[]>,
  },
  admin: {
    all: [API_PATHS.currentUser],
    pages: { '/portal-admin/dashboard': [API_PATHS.adminDashboard] } as Record<string, string[]>,
  },
} as const;

/**
 * The page's inline script (classic, no module, no dependency): the CSP allows it by the SHA-256
 * of exactly this text, so the server computes that from this constant. It reads the stored
 * session and language the way the api-client and the client portal do, and never throws.
 */
export const EARLY_REQUESTS_SCRIPT = `(function () {
  try {
    var path = location.pathname;
    var admin = path === '/portal-admin' || path.indexOf('/portal-admin/') === 0;
    var plan = ${JSON.stringify(EARLY_REQUESTS)}[admin ? 'admin' : 'client'];
    var token = localStorage.getItem(admin ? ${JSON.stringify(STORAGE_KEYS.admin.accessToken)} : ${JSON.stringify(STORAGE_KEYS.client.accessToken)});
    if (!token || !window.fetch) return;
    var configElement = document.getElementById(${JSON.stringify(INLINE_CONFIG_ID)});
    var config = JSON.parse(configElement.textContent);
    var headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
    var language = null;
    if (!admin) {
      var stored = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.locale)});
      // The server's copy of the lang cookie: reading document.cookie blocks the parser ~27 ms.
      var copy = stored === 'en' || stored === 'hi' ? null : configElement.getAttribute(${JSON.stringify(LOCALE_COOKIE_ATTRIBUTE)});
      var cookie = stored === 'en' || stored === 'hi' ? null
        : copy !== null ? [copy, copy]
        : /(?:^|;\\s*)${LOCALE_COOKIE}=(en|hi)(?:;|$)/.exec(document.cookie);
      language = stored === 'en' || stored === 'hi' ? stored
        : cookie && (cookie[1] === 'en' || cookie[1] === 'hi') ? cookie[1] : 'en';
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
    // stored token on /login): this script runs before that paint.
    if (configElement.hasAttribute(${JSON.stringify(FIRST_PAINT_ATTRIBUTE)})) return;
    var intlLocale = admin ? 'en-US' : ${JSON.stringify({ en: intlLocale('en'), hi: intlLocale('hi') })}[language];
    new Intl.NumberFormat(intlLocale, { numberingSystem: 'latn' }).format(1);
    new Intl.DateTimeFormat(intlLocale, { timeZone: ${JSON.stringify(TIME_ZONE)}, numberingSystem: 'latn' }).format(0);
  } catch (error) {
    // The portal asks for everything itself, as it always did.
  }
})();`;

type EarlyRequests = Record<string, EarlyRequest | undefined>;

function earlyRequests(): EarlyRequests | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as Record<string, EarlyRequests | undefined>)[EARLY_REQUESTS_GLOBAL];
}

/** The early request this call may use, removed so that nothing uses it twice. */
function takeEarly(config: InternalAxiosRequestConfig): EarlyRequest | undefined {
  const early = earlyRequests();
  if (!early || (config.method ?? 'get').toLowerCase() !== 'get' || !config.url) return undefined;
  if (config.params && Object.keys(config.params).length > 0) return undefined;
  const request = early[config.url];
  if (!request) return undefined;
  delete early[config.url];
  const headers = AxiosHeaders.from(config.headers);
  const language = headers.get('Accept-Language');
  const fresh = performance.now() - request.at <= EARLY_ANSWER_TTL_MS;
  const sameLanguage = (language == null ? null : String(language)) === request.language;
  const sameToken = headers.get('Authorization') === `Bearer ${request.token}`;
  return fresh && sameLanguage && sameToken ? request : undefined;
}

/**
 * Wraps axios' own adapter: a GET the page's script already sent gets that answer (settled as
 * axios settles any answer: a 404 rejects with its response), everything else goes out as usual.
 */
export function withEarlyResponses(send: AxiosAdapter): AxiosAdapter {
  return async (config) => {
    const early = takeEarly(config);
    const answer = early ? await early.answer.catch(() => null) : null;
    const usable =
      answer && ((answer.status >= 200 && answer.status < 300) || answer.status === 404);
    if (!answer || !usable) return send(config);
    const response: AxiosResponse = {
      data: answer.body,
      status: answer.status,
      statusText: '',
      headers: new AxiosHeaders(
        answer.contentType ? { 'Content-Type': answer.contentType } : undefined,
      ),
      config,
      request: { early: true },
    };
    const valid = config.validateStatus ? config.validateStatus(answer.status) : true;
    if (valid) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      AxiosError.ERR_BAD_REQUEST,
      config,
      response.request,
      response,
    );
  };
}
