import type { Application, ClientUser } from '@loan-portal/api-client';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useApi, useSessionExpiredSubscription } from './api-context';
import { SessionContext, type SessionValue } from './session-context';

/** Loading, then a user or none (spec section 4). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const subscribe = useSessionExpiredSubscription();
  // Without a stored token there is nothing to ask the server: render the page at once (as the
  // admin session does), so a signed-out visitor never sees a loading screen in place of the
  // page the server already painted.
  const [loading, setLoading] = useState(() => api.session.getAccessToken() !== null);
  const [user, setUser] = useState<ClientUser | null>(null);
  const [application, setApplication] = useState<Application | null>(null);

  const refreshApplication = useCallback(async () => {
    try {
      const status = await api.getRegistrationStatus();
      const next = status.exists ? (status.application ?? null) : null;
      setApplication(next);
      return next;
    } catch (error) {
      console.error('Could not load the registration status', error);
      return null;
    }
  }, [api]);

  const reloadUser = useCallback(async () => {
    if (!api.session.getAccessToken()) {
      setUser(null);
      setApplication(null);
      return null;
    }
    // A page needs both answers; asked together they cost one round trip instead of two. A
    // failed token refresh fails both, and the refresh queue makes that one refresh.
    const [current] = await Promise.allSettled([api.getCurrentUser(), refreshApplication()]);
    if (current.status === 'rejected') {
      setUser(null);
      setApplication(null);
      return null;
    }
    setUser(current.value);
    return current.value;
  }, [api, refreshApplication]);

  const logout = useCallback(async () => {
    try {
      await api.logout();
    } catch (error) {
      console.error('Logout failed', error);
    } finally {
      setUser(null);
      setApplication(null);
    }
  }, [api]);

  useEffect(() => {
    let active = true;
    reloadUser().finally(() => {
      if (active) setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [reloadUser]);

  // A failed token refresh ends the session; the guards then send the user to /login.
  useEffect(
    () =>
      subscribe(() => {
        setUser(null);
        setApplication(null);
      }),
    [subscribe],
  );

  const value = useMemo<SessionValue>(
    () => ({ loading, user, application, reloadUser, refreshApplication, logout }),
    [loading, user, application, reloadUser, refreshApplication, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
