// One federation runtime per page: the shell's. Each remote used to bundle its own copy of
// @module-federation/runtime-core (18.7 KiB gzip on every page, bench/README.md F1).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** federation() options of the shell: it publishes its runtime-core for the remotes. */
export const hostRuntimeOptions = {
  experiments: { provideExternalRuntime: true },
  // Remotes are registered by the URL of their remoteEntry.js, never by manifest: the snapshot
  // support (manifest remotes, preload hints, devtools) is dead weight in the shell's runtime.
  disableSnapshot: true,
};

/**
 * The federation runtime as one file of the shell (a Rolldown codeSplitting group): Rolldown
 * otherwise cuts it by importer into three (the sdk and runtime-core, the runtime's index, its
 * helpers; 132 B to 62 KB), each one more request before any page can start (bench/README.md F17).
 */
export const hostRuntimeChunk = {
  name: 'federation-runtime',
  test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
};

/**
 * The same for a remote, whose runtime is the shell's (experiments.externalRuntime): the proxy to
 * the shell's runtime-core and the runtime's index and helpers, 2.4 KB in three files. Not
 * runtime-core itself, which only the remote's standalone entry imports.
 */
export const remoteRuntimeChunk = {
  name: 'federation-runtime',
  test: /[\\/]node_modules[\\/]@module-federation[\\/]runtime[\\/]dist[\\/]|mf-external-runtime-core$/,
};

/**
 * A Vite plugin for the shell: modulepreload links for what its federation init imports at run
 * time, which Vite cannot see in index.html: pendingShares and the module each shared package is
 * served from (for react-router the tree-shaken provider, never the full build it replaces).
 * Without them those chunks were requested only after the init had run, two round trips late.
 */
export function hostBootPreloads() {
  let base = '/';
  return {
    name: 'loan-portal:host-boot-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const shareMap = chunks.find((chunk) => chunk.name.includes('localSharedImportMap'));
        const treeShaken = new Set(
          (shareMap?.dynamicImports ?? [])
            .map((file) => /__tree_shaking__(.+?)-[\w-]+\.js$/.exec(file)?.[1])
            .filter(Boolean),
        );
        const boot = [
          ...(shareMap?.dynamicImports ?? []).filter((file) => {
            const prebuilt = /__prebuild__(.+?)__prebuild__/.exec(file)?.[1];
            return !prebuilt || !treeShaken.has(prebuilt);
          }),
          ...chunks.filter((chunk) => chunk.name === 'pendingShares').map((c) => c.fileName),
        ];
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.html')) continue;
          let html = String(file.source);
          const links = boot
            .map((chunk) => `${base}${chunk}`)
            .filter((href) => !html.includes(`href="${href}"`))
            .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
          html = html.replace('</head>', `${links.join('')}</head>`);
          file.source = html;
        }
      },
    },
  };
}

/** The ESM entry of the runtime-core that @module-federation/vite itself depends on. */
function runtimeCoreEntry() {
  const plugin = createRequire(import.meta.url).resolve('@module-federation/vite');
  let dir = dirname(createRequire(plugin).resolve('@module-federation/runtime-core'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return join(dir, pkg.exports['.'].import.default);
}

const STANDALONE_ENTRY = '\0loan-portal:standalone-federation-runtime';

/**
 * federation() options and a Vite plugin for a remote. A built remote uses the shell's
 * runtime-core (experiments.externalRuntime); only its own index.html, opened alone, loads a copy:
 * a separate entry script placed before the page's federation bootstrap, which remoteEntry.js (what
 * a shell loads) never references. Under `vite serve` the remote keeps its own runtime, as the
 * dev shell and a remote opened alone both expect.
 *
 * @param {'build' | 'serve'} command
 */
export function remoteRuntime(command) {
  if (command !== 'build') return { options: {}, plugin: null };
  const coreEntry = runtimeCoreEntry();
  let entryRef;
  let base = '/';
  return {
    options: { experiments: { externalRuntime: true } },
    plugin: {
      name: 'loan-portal:standalone-federation-runtime',
      apply: 'build',
      enforce: 'post',
      configResolved(config) {
        base = config.base;
      },
      buildStart() {
        entryRef = this.emitFile({
          type: 'chunk',
          id: STANDALONE_ENTRY,
          name: 'standalone-federation-runtime',
        });
      },
      resolveId: (source) => (source === STANDALONE_ENTRY ? STANDALONE_ENTRY : null),
      load(id) {
        if (id !== STANDALONE_ENTRY) return null;
        return [
          `import * as core from ${JSON.stringify(coreEntry)};`,
          'globalThis._FEDERATION_RUNTIME_CORE ??= core;',
        ].join('\n');
      },
      generateBundle: {
        // After the federation plugin has put its bootstrap into the page.
        order: 'post',
        handler(_options, bundle) {
          const src = this.getFileName(entryRef);
          for (const file of Object.values(bundle)) {
            if (file.type !== 'asset' || !file.fileName.endsWith('.html')) continue;
            const tag = `<script type="module" crossorigin src="${base}${src}"></script>`;
            file.source = String(file.source).replace('<head>', `<head>\n    ${tag}`);
          }
        },
      },
    },
  };
}
