import type { Plugin } from 'vite';

export declare const ROUTER_EXPORTS: readonly string[];

export declare function federationShared(appDir: string): Record<
  string,
  {
    singleton: true;
    requiredVersion: string;
    treeShaking?: { mode: 'runtime-infer'; usedExports: string[] };
  }
>;

export declare function sharedRouterGuard(): Plugin;
