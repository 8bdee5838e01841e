import { type ApiClient, createApiClient, type KeyValueStorage } from '@loan-portal/api-client';
import { createContext, useContext } from 'react';

export type AdminApiClient = ApiClient<'admin'>;

export interface AdminApi {
  client: AdminApiClient;
  /** Subscribes to a failed token refresh (the stored session is already cleared); returns the unsubscribe. */
  onSessionExpired(listener: () => void): () => void;
}

/** The one api client of the admin portal; screens reach it through useApiClient(). */
export function createAdminApi(baseURL: string, storage?: KeyValueStorage): AdminApi {
  const listeners = new Set<() => void>();
  const client = createApiClient({
    baseURL,
    portal: 'admin',
    storage,
    onSessionExpired: () => {
      for (const listener of listeners) listener();
    },
  });
  return {
    client,
    onSessionExpired(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const AdminApiContext = createContext<AdminApi | null>(null);

function useAdminApi(): AdminApi {
  const api = useContext(AdminApiContext);
  if (!api) throw new Error('useApiClient must be used inside the admin portal App');
  return api;
}

export function useApiClient(): AdminApiClient {
  return useAdminApi().client;
}

export function useSessionExpiry(): AdminApi['onSessionExpired'] {
  return useAdminApi().onSessionExpired;
}
