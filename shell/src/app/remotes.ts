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

/**
 * A portal's App, with the page of `pathname` ready when the portal can say so (its optional
 * `preload`, issue 17): the first render then shows that page, not a loading screen for a frame.
 * A page that fails to preload does not fail the portal; it is asked for again as it renders.
 */
export async function loadPortal(
  name: PortalName,
  pathname: string = window.location.pathname,
): Promise<ComponentType<PortalAppProps>> {
  const module = await loadRemote<{
    default: ComponentType<PortalAppProps>;
    preload?: (pathname: string) => Promise<void>;
  }>(`${name}/App`);
  if (!module?.default) throw new Error(`The ${name} module has no App.`);
  await module.preload?.(pathname).catch(() => undefined);
  return module.default;
}

interface ReloadOptions {
  doc?: Document;
  fetch?: typeof fetch;
  reload?: () => void;
}

/**
 * Retry of a portal that failed to load, when the page's HTML preloaded its files (the server
 * names them in index.html). Chromium answers a later request for a file whose preload failed
 * with that same failure for as long as the document lives, so loading the portal again in this
 * document would fail even once its origin is back. Once its entry answers again (an opaque
 * answer is enough; a network failure rejects), the page is loaded afresh; while it does not,
 * the page stays as it is, with its message and Retry rather than the browser's error page for
 * someone offline. Resolves true when the page is reloading.
 */
export async function reloadOncePortalAnswers(
  entry: string,
  { doc = document, fetch: get = fetch, reload = () => location.reload() }: ReloadOptions = {},
): Promise<boolean> {
  const url = new URL(entry, doc.baseURI);
  const base = new URL('.', url).href;
  const links = doc.querySelectorAll<HTMLLinkElement>('link[rel$=preload]');
  if (![...links].some((link) => link.href.startsWith(base))) return false;
  return get(url, { mode: 'no-cors', cache: 'no-store' }).then(
    () => {
      reload();
      return true;
    },
    () => false,
  );
}
