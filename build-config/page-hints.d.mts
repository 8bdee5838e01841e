import type { Plugin, PluginOption } from 'vite';

export interface PageHintsOptions {
  appDir: string;
  exposed: string;
  mount: string;
  routes: Record<string, { module?: string; prerender?: boolean }>;
  prerenderPlugins: () => PluginOption[];
}

export declare function pageHints(options: PageHintsOptions): Plugin;
