import axios, { type AxiosInstance } from 'axios';
import { type AccountsApi, accountsEndpoints } from './endpoints/accounts';
import { type AdminApi, adminEndpoints } from './endpoints/admin';
import { type AuditAndFlagsApi, auditAndFlagsEndpoints } from './endpoints/audit-and-flags';
import type { EndpointContext } from './endpoints/context';
import { type DataRightsApi, dataRightsEndpoints } from './endpoints/data-rights';
import { API_PATHS } from './endpoints/paths';
import { type PaymentsApi, paymentsEndpoints } from './endpoints/payments';
import { type RegistrationApi, registrationEndpoints } from './endpoints/registration';
import { type StaffApi, staffEndpoints } from './endpoints/staff';
import { withEarlyResponses } from './http/early-requests';
import { attachRefreshQueue } from './http/refresh-queue';
import type { Locale } from './i18n/locales';
import {
  createSessionStore,
  defaultStorage,
  type KeyValueStorage,
  type SessionStore,
} from './session/storage';
import type { Portal, PortalUser, RefreshResponse } from './types/accounts';

export interface ApiClientOptions<P extends Portal> {
  /** Origin of the API ('' for the same origin); paths are absolute `/api/...`. */
  baseURL: string;
  /** Selects the stored tokens to send and the refresh cookie (`X-Portal`). */
  portal: P;
  /** Called once when a token refresh fails, after this portal's session has been cleared. */
  onSessionExpired?: () => void;
  /**
   * The locale the screens show (issue 16), sent as `Accept-Language` on every request so the
   * server answers its messages in it. Read per request; none sends no header.
   */
  getLocale?: () => Locale | null | undefined;
  /** Where the session lives; localStorage in a browser, memory elsewhere. */
  storage?: KeyValueStorage;
}

export type ApiClient<P extends Portal> = AccountsApi<P> &
  RegistrationApi &
  PaymentsApi &
  AdminApi &
  StaffApi &
  AuditAndFlagsApi &
  DataRightsApi & {
    readonly portal: P;
    /** The underlying axios instance (cookies included, JSON, no timeout, refresh queue). */
    readonly http: AxiosInstance;
    /** This portal's stored session (role, tokens, user). */
    readonly session: SessionStore<P>;
  };

export function createApiClient<P extends Portal>(options: ApiClientOptions<P>): ApiClient<P> {
  const { baseURL, portal, onSessionExpired } = options;
  const storage = options.storage ?? defaultStorage();
  const sessions = {
    client: createSessionStore('client', storage),
    admin: createSessionStore('admin', storage),
  };
  const session = sessions[portal] as SessionStore<P>;

  // No Content-Type default: axios sets application/json whenever there is a body.
  const http = axios.create({
    baseURL,
    withCredentials: true,
    headers: { Accept: 'application/json' },
  });
  // The answers the page's inline script already asked for (issue 17), else axios' own adapter.
  http.defaults.adapter = withEarlyResponses(axios.getAdapter(http.defaults.adapter));

  // axios labels every bodiless POST application/x-www-form-urlencoded after the interceptors
  // have run, unless the header is pinned to false; a server then has to parse an empty form (or
  // an empty JSON body) and answers 415 or 400. Logout, refresh and toggle send no body.
  http.interceptors.request.use((config) => {
    if (config.data === undefined || config.data === null)
      config.headers.set('Content-Type', false);
    const locale = options.getLocale?.();
    if (locale && !config.headers.has('Accept-Language'))
      config.headers.set('Accept-Language', locale);
    return config;
  });

  const queue = attachRefreshQueue(http, {
    getAccessToken: () => session.getAccessToken(),
    async refresh() {
      const { data } = await http.post<RefreshResponse<PortalUser<P>>>(
        API_PATHS.tokenRefresh,
        undefined,
        { headers: { 'X-Portal': portal }, skipAuthRefresh: true },
      );
      if (!data?.access) throw new Error('Token refresh answered without an access token');
      session.save(data);
      return data;
    },
    onRefreshFailed() {
      session.clear();
      try {
        onSessionExpired?.();
      } catch (error) {
        // The waiting requests must still reject with the refresh error, not this one.
        console.error('onSessionExpired failed', error);
      }
    },
  });

  const ctx: EndpointContext<P> = { http, portal, sessions, refresh: queue.refresh };
  return {
    portal,
    http,
    session,
    ...accountsEndpoints(ctx),
    ...registrationEndpoints(ctx),
    ...paymentsEndpoints(ctx),
    ...adminEndpoints(ctx),
    ...staffEndpoints(ctx),
    ...auditAndFlagsEndpoints(ctx),
    ...dataRightsEndpoints(ctx),
  };
}
