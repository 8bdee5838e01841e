import type { AdminUser } from '@loan-portal/api-client';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useApiClient, useSessionExpiry } from './api-client';

export type { AdminUser };

export interface AdminSession {
  loading: boolean;
  /** Kept only when the server says the user is staff or superuser (spec section 6). */
  user: AdminUser | null;
  /** Adopts the user of a successful admin login; false (and no session) when it is not staff. */
  signIn(user: AdminUser | null | undefined): boolean;
  /** Ends the session; the local one is cleared even when the server call fails. */
  signOut(): Promise<void>;
}

export function isStaffUser(user: AdminUser | null | undefined): user is AdminUser {
  return Boolean(user && (user.is_staff === true || user.is_superuser === true));
}

export const AdminSessionContext = createContext<AdminSession>({
  loading: false,
  user: null,
  signIn: () => false,
  signOut: async () => {},
});

export function useAdminSession(): AdminSession {
  return useContext(AdminSessionContext);
}

/** Loads the current user once; anything that is not staff is treated as signed out. */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const api = useApiClient();
  const onSessionExpired = useSessionExpiry();
  const [state, setState] = useState<{ loading: boolean; user: AdminUser | null }>(() => ({
    // Without an admin token there is nothing to ask the server: render the login at once.
    loading: api.session.getAccessToken() !== null,
    user: null,
  }));

  useEffect(() => {
    if (api.session.getAccessToken() === null) return;
    let active = true;
    api
      .getCurrentUser()
      .then((user) => {
        if (!active) return;
        if (isStaffUser(user)) {
          setState({ loading: false, user });
        } else {
          // A token that is not staff's (e.g. left over from a demoted account) is no session.
          api.session.clear();
          setState({ loading: false, user: null });
        }
      })
      .catch(() => {
        if (active) setState({ loading: false, user: null });
      });
    return () => {
      active = false;
    };
  }, [api]);

  useEffect(
    () => onSessionExpired(() => setState({ loading: false, user: null })),
    [onSessionExpired],
  );

  const signIn = useCallback(
    (user: AdminUser | null | undefined) => {
      if (!isStaffUser(user)) {
        api.session.clear();
        return false;
      }
      setState({ loading: false, user });
      return true;
    },
    [api],
  );

  const signOut = useCallback(async () => {
    try {
      await api.logout();
    } catch (error) {
      console.error('Logout failed', error);
    }
    setState({ loading: false, user: null });
  }, [api]);

  const value = useMemo<AdminSession>(
    () => ({ ...state, signIn, signOut }),
    [state, signIn, signOut],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}
