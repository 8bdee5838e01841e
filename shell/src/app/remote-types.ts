import type { PortalName, RuntimeConfig } from '@loan-portal/api-client';
import type { ComponentType } from 'react';

// The one hand-written declaration of what the remotes expose (dts generation is off).
export type { PortalName };

export interface PortalAppProps {
  config: RuntimeConfig;
}

/** A portal's App, loaded before the first render so no loading screen stands in between. */
export interface PreloadedPortal {
  name: PortalName;
  App: ComponentType<PortalAppProps>;
}
