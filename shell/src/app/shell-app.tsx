import type { RuntimeConfig } from '@loan-portal/api-client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { RemotePortal } from './remote-portal';
import { loadPortal, registerPortalRemotes } from './remotes';

export interface ShellAppProps {
  config: RuntimeConfig;
}

/** The top-level router: /portal-admin/* is the back office, everything else the client portal. */
export function ShellApp({ config }: ShellAppProps) {
  const retry = () => registerPortalRemotes(config, true);
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/portal-admin/*"
          element={
            <RemotePortal name="admin_portal" config={config} load={loadPortal} onRetry={retry} />
          }
        />
        <Route
          path="*"
          element={
            <RemotePortal name="client_portal" config={config} load={loadPortal} onRetry={retry} />
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
