import type { Plugin, PluginOption } from 'vite';

export interface PageHintsOptions {
  appDir: string;
  exposed: string;
  mount: string;
  /** `typeable` (with `prerender`): the painted copy's fields take input before any script runs. */
  routes: Record<string, { module?: string; prerender?: boolean; typeable?: boolean }>;
  prerenderPlugins: () => PluginOption[];
}

export declare function pageHints(options: PageHintsOptions): Plugin;
