import type { Application, ClientUser } from '@loan-portal/api-client';
import { createContext, useContext } from 'react';

export interface SessionValue {
  /** True until the stored session has been checked with the server. */
  loading: boolean;
  user: ClientUser | null;
  /** Present only when the registration status reports that an application exists. */
  application: Application | null;
  /** Fetches the signed-in user (and their application) again, e.g. right after login. */
  reloadUser: () => Promise<ClientUser | null>;
  /** Fetches the application again, e.g. when the dashboard opens after a payment. */
  refreshApplication: () => Promise<Application | null>;
  /** Ends the session; user and application are cleared even when the server call fails. */
  logout: () => Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
