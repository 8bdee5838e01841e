import { getErrorMessage } from '@loan-portal/api-client';

/**
 * The text a screen shows for a failed call (spec section 8): the server's `message` when it sent
 * one, the screen's fallback when the server answered without one, and the HTTP client's own
 * message ('Network Error', 'timeout of N ms exceeded') when no answer arrived at all.
 * Fallbacks are message ids of the portal's catalog; the screen shows them (and any id) in the
 * reader's language, and a server's message as it came (the server answers in Accept-Language).
 * WORKAROUND: api-client's getErrorMessage returns 'Request failed with status code N' for an
 * answer without a message, where the spec wants the screen's fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  const message = getErrorMessage(error, fallback);
  if (/^Request failed with status code \d+$/.test(message)) return fallback;
  // The browser's own words for a request that never got an answer: English 'Network Error' as
  // the spec shows it, and the reader's language through the catalog (issue 16).
  if (message === 'Network Error') return /*i18n*/ 'common.networkError';
  return message;
}
