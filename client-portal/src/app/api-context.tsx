import { useLingui } from '@lingui/react';
import { type ApiClient, createApiClient } from '@loan-portal/api-client';
import { createContext, type ReactNode, useContext, useState } from 'react';

export type ClientApi = ApiClient<'client'>;

interface ApiContextValue {
  api: ClientApi;
  /** Registers a listener for a failed token refresh; returns the unsubscribe function. */
  onSessionExpired: (listener: () => void) => () => void;
}

const ApiContext = createContext<ApiContextValue | null>(null);

/**
 * The one API client of the portal, created once from the runtime config's base URL. Every
 * request says the reader's language (`Accept-Language`), so the server answers in it.
 */
export function ApiProvider({ baseURL, children }: { baseURL: string; children: ReactNode }) {
  const { i18n } = useLingui();
  const [value] = useState<ApiContextValue>(() => {
    const listeners = new Set<() => void>();
    const api = createApiClient({
      baseURL,
      portal: 'client',
      getLocale: () => (i18n.locale === 'hi' ? 'hi' : 'en'),
      onSessionExpired: () => {
        for (const listener of listeners) listener();
      },
    });
    return {
      api,
      onSessionExpired(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
    };
  });
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

function useApiContext(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi must be used inside ApiProvider');
  return value;
}

export function useApi(): ClientApi {
  return useApiContext().api;
}

export function useSessionExpiredSubscription() {
  return useApiContext().onSessionExpired;
}
