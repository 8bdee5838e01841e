import type { RuntimeConfig } from '@loan-portal/api-client';
import '@loan-portal/ui-kit/tokens.css';
import { ApiProvider } from './api-context';
import { ConfigContext } from './config-context';
import { ClientRoutes } from './routes';
import { SessionProvider } from './session-provider';

export interface AppProps {
  config: RuntimeConfig;
}

/** Exposed as client_portal/App. Renders relative routes; the host's router owns the URL. */
export function App({ config }: AppProps) {
  return (
    <ConfigContext.Provider value={config}>
      <ApiProvider baseURL={config.apiBaseUrl}>
        <SessionProvider>
          <ClientRoutes />
        </SessionProvider>
      </ApiProvider>
    </ConfigContext.Provider>
  );
}

// Module federation consumers import the default export of an exposed module.
export default App;
