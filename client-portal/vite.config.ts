import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { remoteRuntime } from '../scripts/federation-runtime.mjs';
import { federationShared, sharedRouterGuard } from '../scripts/federation-shared.mjs';

const appDir = fileURLToPath(new URL('.', import.meta.url));

// Built once, deployable anywhere: the shell learns this remote's URL from /config.json at run time.
export default defineConfig(({ command }) => {
  const runtime = remoteRuntime(appDir, command);
  return {
    base: command === 'build' ? '/remotes/client-portal/' : '/',
    plugins: [
      react(),
      sharedRouterGuard(),
      runtime.plugin,
      federation({
        name: 'client_portal',
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        exposes: { './App': './src/app/remote-app.tsx' },
        shared: federationShared(appDir),
        ...runtime.options,
      }),
    ],
    build: { target: 'es2022' },
    server: {
      proxy: { '/api': 'http://localhost:8080', '/config.json': 'http://localhost:8080' },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./vitest.setup.ts'],
      // Whole-screen tests type into many fields; shared CI machines can be slow.
      testTimeout: 30_000,
    },
  };
});
