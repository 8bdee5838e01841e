import type { RuntimeConfig } from '@loan-portal/api-client';
import { createContext, useContext } from 'react';

export const ConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside the admin portal App');
  return config;
}
