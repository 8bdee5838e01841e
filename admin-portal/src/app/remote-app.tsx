import type { RuntimeConfig } from '@loan-portal/api-client';
import '@loan-portal/ui-kit/tokens.css';
import { ConfigContext } from './config-context';
import { AdminRoutes } from './routes';

export interface AppProps {
  config: RuntimeConfig;
}

/** Exposed as admin_portal/App. Mounted by the host under /portal-admin/*; renders relative routes. */
export function App({ config }: AppProps) {
  return (
    <ConfigContext.Provider value={config}>
      <AdminRoutes />
    </ConfigContext.Provider>
  );
}

// Module federation consumers import the default export of an exposed module.
export default App;
