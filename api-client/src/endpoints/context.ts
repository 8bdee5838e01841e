import type { AxiosInstance } from 'axios';
import type { SessionStore } from '../session/storage';
import type { Portal, PortalUser, RefreshResponse } from '../types/accounts';

/** What every endpoint group needs from the client that owns it. */
export interface EndpointContext<P extends Portal> {
  http: AxiosInstance;
  portal: P;
  /** The session of each portal; login writes the client one, admin login the admin one. */
  sessions: { [K in Portal]: SessionStore<K> };
  /** The single-flight token refresh of the refresh queue. */
  refresh: () => Promise<RefreshResponse<PortalUser<P>>>;
}
