import type { Plugin, Rolldown } from 'vite';

export declare const hostRuntimeOptions: {
  experiments: { provideExternalRuntime: true };
  disableSnapshot: true;
};

export declare function hostBootPreloads(): Plugin;

export declare const hostRuntimeChunk: Rolldown.CodeSplittingGroup;

export declare const remoteRuntimeChunk: Rolldown.CodeSplittingGroup;

export declare function remoteRuntime(command: 'build' | 'serve'): {
  options: { experiments?: { externalRuntime: true } };
  plugin: Plugin | null;
};
