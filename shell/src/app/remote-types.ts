import type { RuntimeConfig } from '@loan-portal/api-client';

// The one hand-written declaration of what the remotes expose (dts generation is off).
export type PortalName = 'client_portal' | 'admin_portal';

export interface PortalAppProps {
  config: RuntimeConfig;
}
