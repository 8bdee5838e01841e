import type { RuntimeConfig } from '@loan-portal/api-client';
import type { ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { RemotePortal } from './remote-portal';
import type { PortalAppProps, PortalName, PreloadedPortal } from './remote-types';
import { loadPortal, registerPortalRemotes, reloadOncePortalAnswers } from './remotes';

export interface ShellAppProps {
  config: RuntimeConfig;
  /** The portal of the first URL, already loaded (portalForPath names the same one as these routes). */
  preloaded?: PreloadedPortal;
  /** How a portal is loaded; the federation runtime unless a test says otherwise. */
  load?: (name: PortalName) => Promise<ComponentType<PortalAppProps>>;
}

/** The top-level router: /portal-admin/* is the back office, everything else the client portal. */
export function ShellApp({ config, preloaded, load = loadPortal }: ShellAppProps) {
  const retry = async (name: PortalName) => {
    if (await reloadOncePortalAnswers(config.remotes[name])) return true;
    registerPortalRemotes(config, true);
    return false;
  };
  // useTransitions={false}: a navigation changes the URL and the screen together. As a transition
  // (react-router's default) the old page stayed on screen, and took typing, under the new URL
  // until the new page's chunk arrived; on a slow phone a number typed into /login's form after
  // tapping "Create Account" was thrown away 1.4 s later when /signup replaced it. Now a page
  // still loading shows the loading screen, and the form appears once, to keep what is typed.
  return (
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route
          path="/portal-admin/*"
          element={
            <RemotePortal
              name="admin_portal"
              config={config}
              load={load}
              onRetry={retry}
              preloaded={preloaded?.name === 'admin_portal' ? preloaded.App : undefined}
            />
          }
        />
        <Route
          path="*"
          element={
            <RemotePortal
              name="client_portal"
              config={config}
              load={load}
              onRetry={retry}
              preloaded={preloaded?.name === 'client_portal' ? preloaded.App : undefined}
            />
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
