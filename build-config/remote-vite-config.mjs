// The Vite config of a portal remote (client-portal, admin-portal): the two differ only in name,
// base path and pages, so they are made here, once.
import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { remoteRuntime, remoteRuntimeChunk } from './federation-runtime.mjs';
import { federationShared, sharedRouterGuard } from './federation-shared.mjs';
import { jsdomTestProjects } from './jsdom-test-projects.mjs';
import { pageHints } from './page-hints.mjs';

const exposedApp = './src/app/remote-app.tsx';

/**
 * The exposed App and everything it imports, as one JS chunk and one CSS file (issue 17). Left to
 * itself, Rolldown cut what every page loads into a file per set of modules some pages share (the
 * client portal's App: 19 JS and 2 CSS files), all downloaded by every page anyway; one file
 * compresses better too. The federation's groups (shared-module glue, preload helper) keep the
 * higher priority; a portal's `chunkGroups` come after this one.
 */
const APP_CHUNK = {
  name: 'remote-app',
  test: /[\\/]src[\\/]app[\\/]remote-app\.tsx$/,
  includeDependenciesRecursively: true,
};

/** @param {import('./remote-vite-config.d.mts').RemoteViteOptions} options */
export function remoteViteConfig({ appUrl, name, base, mount, routes, chunkGroups = [] }) {
  const appDir = fileURLToPath(appUrl);
  // Built once, deployable anywhere: the shell learns the remote's URL from /config.json at run time.
  return ({ command }) => {
    const runtime = remoteRuntime(command);
    return {
      base: command === 'build' ? base : '/',
      plugins: [
        react(),
        sharedRouterGuard(),
        runtime.plugin,
        federation({
          name,
          filename: 'remoteEntry.js',
          manifest: true,
          dts: false,
          exposes: { './App': exposedApp },
          shared: federationShared(appDir),
          ...runtime.options,
        }),
        // The server sends each page with its files preloaded and, signed out, its first screen.
        pageHints({
          appDir,
          exposed: exposedApp,
          mount,
          routes,
          prerenderPlugins: () => [react()],
        }),
      ],
      // Chrome has preloaded modules natively since version 66; a browser without it (Safari < 17)
      // fetches them when imported, a little later. The polyfill would be bytes on every page.
      build: {
        target: 'es2022',
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: { codeSplitting: { groups: [APP_CHUNK, remoteRuntimeChunk, ...chunkGroups] } },
        },
      },
      server: {
        proxy: { '/api': 'http://localhost:8080', '/config.json': 'http://localhost:8080' },
      },
      test: {
        environment: 'jsdom',
        setupFiles: ['./vitest.setup.ts'],
        // Whole-screen tests type into many fields; shared CI machines can be slow.
        testTimeout: 30_000,
        projects: jsdomTestProjects(appUrl),
      },
    };
  };
}
