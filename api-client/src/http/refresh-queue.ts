import { type AxiosError, type AxiosInstance, isAxiosError } from 'axios';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * A 401 on this call is final: no token refresh, no retry. Set on the refresh call itself and
     * on calls made without a session (login, signup, OTP, password reset, logout), where a 401
     * is the answer the user must see (a wrong password), not an expired token.
     */
    skipAuthRefresh?: boolean;
    /** @internal Set once the request has been retried after a refresh; it is never retried again. */
    authRetried?: boolean;
    /** @internal The refresh generation current when the request was first sent. */
    authGeneration?: number;
  }
}

export interface RefreshQueueOptions<T> {
  /** The access token to send, read at send time (so a retry carries the refreshed one). */
  getAccessToken: () => string | null;
  /** Performs the refresh call and stores its result; must reject when it fails. */
  refresh: () => Promise<T>;
  /** Called once per failed refresh, before the waiting requests are rejected. */
  onRefreshFailed: (error: unknown) => void;
}

export interface RefreshQueue<T> {
  /** Runs the refresh, or joins the one already running: never two refresh calls at once. */
  refresh: () => Promise<T>;
}

/**
 * Adds the bearer token to every request and, on a 401, one token refresh and one retry
 * (spec sections 4 and 9). Refresh tokens rotate on every use, so two refreshes racing each other
 * would present a used token and revoke the whole session: hence exactly one in flight, and every
 * 401 that arrives meanwhile waits for it.
 *
 * A 401 can also arrive just after a refresh settled, for a request sent with the old token.
 * `generation` tells those apart: it counts settled refreshes, and each request remembers the
 * value it was sent under. Such a request is retried with the new token (refresh succeeded) or
 * rejected (refresh failed; the session is already over and onSessionExpired already called),
 * instead of starting a second refresh.
 */
export function attachRefreshQueue<T>(
  http: AxiosInstance,
  options: RefreshQueueOptions<T>,
): RefreshQueue<T> {
  let inFlight: Promise<T> | null = null;
  let generation = 0;
  let lastRefreshFailed = false;

  function refresh(): Promise<T> {
    if (!inFlight) {
      inFlight = options
        .refresh()
        .then(
          (result) => {
            generation += 1;
            lastRefreshFailed = false;
            return result;
          },
          (error: unknown) => {
            generation += 1;
            lastRefreshFailed = true;
            options.onRefreshFailed(error);
            throw error;
          },
        )
        .finally(() => {
          inFlight = null;
        });
    }
    return inFlight;
  }

  http.interceptors.request.use((config) => {
    // Token and generation are read together, in one synchronous step, so they always match.
    config.authGeneration ??= generation;
    const token = options.getAccessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    else config.headers.delete('Authorization');
    return config;
  });

  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || error.response?.status !== 401) throw error;
    const config = (error as AxiosError).config;
    if (!config || config.skipAuthRefresh || config.authRetried) throw error;
    config.authRetried = true;

    const refreshedSinceSent = !inFlight && config.authGeneration !== generation;
    if (refreshedSinceSent) {
      if (lastRefreshFailed) throw error;
    } else {
      await refresh();
    }
    return http.request(config);
  });

  return { refresh };
}
