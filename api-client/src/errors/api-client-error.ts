/**
 * An error this package raises on purpose, with a message fit to show a user (for example a
 * payment order missing its session id). getErrorMessage passes these through; other thrown
 * errors (a TypeError, say) are replaced by the screen's fallback.
 */
export class ApiClientError extends Error {
  override name = 'ApiClientError';
}
