import {
  type AxiosAdapter,
  AxiosError,
  AxiosHeaders,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

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
