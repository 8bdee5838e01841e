import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { remoteRuntime } from '../scripts/federation-runtime.mjs';
import { federationShared, sharedRouterGuard } from '../scripts/federation-shared.mjs';
import { pageHints } from '../scripts/page-hints.mjs';

const appDir = fileURLToPath(new URL('.', import.meta.url));
const exposedApp = './src/app/remote-app.tsx';

// Built once, deployable anywhere: the shell learns this remote's URL from /config.json at run time.
export default defineConfig(({ command }) => {
  const runtime = remoteRuntime(appDir, command);
  return {
    base: command === 'build' ? '/remotes/admin-portal/' : '/',
    plugins: [
      react(),
      sharedRouterGuard(),
      runtime.plugin,
      federation({
        name: 'admin_portal',
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
        mount: '/portal-admin/*',
        routes: {
          '/portal-admin/login': { prerender: true },
          '/portal-admin/dashboard': {
            module: 'src/features/dashboard/components/dashboard-page.tsx',
          },
          '/portal-admin/applicants': {
            module: 'src/features/applicants/components/applicants-page.tsx',
          },
        },
        prerenderPlugins: () => [react()],
      }),
    ],
    // Chrome has preloaded modules natively since version 66; a browser without it (Safari < 17)
    // fetches them when imported, a little later. The polyfill would be bytes on every page.
    build: { target: 'es2022', modulePreload: { polyfill: false } },
    server: {
      proxy: { '/api': 'http://localhost:8080', '/config.json': 'http://localhost:8080' },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./vitest.setup.ts'],
      testTimeout: 30_000,
    },
  };
});
