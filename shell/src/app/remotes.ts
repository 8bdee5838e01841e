import type { RuntimeConfig } from '@loan-portal/api-client';
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import type { PortalAppProps, PortalName } from './remote-types';

/** Registers both portals at the URLs from /config.json; `force` replaces a failed registration. */
export function registerPortalRemotes(config: RuntimeConfig, force = false) {
  registerRemotes(
    [
      { name: 'client_portal', entry: config.remotes.client_portal, type: 'module' },
      { name: 'admin_portal', entry: config.remotes.admin_portal, type: 'module' },
    ],
    { force },
  );
}

export async function loadPortal(name: PortalName): Promise<ComponentType<PortalAppProps>> {
  const module = await loadRemote<{ default: ComponentType<PortalAppProps> }>(`${name}/App`);
  if (!module?.default) throw new Error(`The ${name} module has no App.`);
  return module.default;
}
