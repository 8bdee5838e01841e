import type { RuntimeConfig } from '@loan-portal/api-client';
import '@loan-portal/ui-kit/tokens.css';
import { useState } from 'react';
import { AdminSessionProvider } from './admin-session';
import { AdminApiContext, createAdminApi } from './api-client';
import { ConfigContext } from './config-context';
import { AdminI18nProvider } from './i18n';
import { AdminRoutes } from './routes';

export interface AppProps {
  config: RuntimeConfig;
}

/** Exposed as admin_portal/App. Mounted by the host under /portal-admin/*; renders relative routes. */
export function App({ config }: AppProps) {
  // One api client for the life of the portal; the config's API origin does not change at run time.
  const [api] = useState(() => createAdminApi(config.apiBaseUrl));
  return (
    <AdminI18nProvider>
      <ConfigContext.Provider value={config}>
        <AdminApiContext.Provider value={api}>
          <AdminSessionProvider>
            <AdminRoutes />
          </AdminSessionProvider>
        </AdminApiContext.Provider>
      </ConfigContext.Provider>
    </AdminI18nProvider>
  );
}

// Module federation consumers import the default export of an exposed module.
export default App;
