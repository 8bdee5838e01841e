import { getErrorMessage } from '@loan-portal/api-client';

/**
 * The text a screen shows for a failed call (spec section 8): the server's `message` when it sent
 * one, the screen's fallback when the server answered without one, and the HTTP client's own
 * message ('Network Error', 'timeout of N ms exceeded') when no answer arrived at all.
 * WORKAROUND: api-client's getErrorMessage returns 'Request failed with status code N' for an
 * answer without a message, where the spec wants the screen's fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  const message = getErrorMessage(error, fallback);
  return /^Request failed with status code \d+$/.test(message) ? fallback : message;
}
