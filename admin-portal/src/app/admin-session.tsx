import { createContext, useContext } from 'react';

export interface AdminUser {
  id: number;
  username: string;
  is_staff: boolean;
  is_superuser: boolean;
}

export interface AdminSession {
  loading: boolean;
  /** Kept only when the server says the user is staff or superuser (spec section 6). */
  user: AdminUser | null;
}

export const AdminSessionContext = createContext<AdminSession>({ loading: false, user: null });

export function useAdminSession(): AdminSession {
  return useContext(AdminSessionContext);
}
