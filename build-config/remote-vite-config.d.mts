import type { ConfigEnv, Rolldown } from 'vite';
import type { UserConfig } from 'vitest/config';
import type { PageHintsOptions } from './page-hints.mjs';

export interface RemoteViteOptions {
  /** The app's directory as a file URL: `new URL('.', import.meta.url)`. */
  appUrl: URL;
  /** The federation name the shell loads it by. */
  name: 'client_portal' | 'admin_portal';
  /** Where the built files are served, e.g. /remotes/client-portal/. */
  base: string;
  mount: PageHintsOptions['mount'];
  routes: PageHintsOptions['routes'];
  /** Rolldown `codeSplitting` groups after the App's own (one chunk for the exposed App). */
  chunkGroups?: Rolldown.CodeSplittingGroup[];
}

export declare function remoteViteConfig(
  options: RemoteViteOptions,
): (env: ConfigEnv) => UserConfig;
