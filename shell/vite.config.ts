import { fileURLToPath } from 'node:url';
import {
  hostBootPreloads,
  hostRuntimeChunk,
  hostRuntimeOptions,
} from '@loan-portal/build-config/federation-runtime';
import { federationShared, sharedRouterGuard } from '@loan-portal/build-config/federation-shared';
import { jsdomTestProjects } from '@loan-portal/build-config/jsdom-test-projects';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { STALLED_NOTICE_MARKER, stalledNoticeCopies } from './src/app/stalled-notice';

const appDir = fileURLToPath(new URL('.', import.meta.url));

// In production the server fills the product name into index.html; the dev server does the same
// so the first paint never shows a placeholder.
function productNameInDev(): Plugin {
  return {
    name: 'product-name-in-dev',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replaceAll('__PRODUCT_NAME__', process.env.PRODUCT_NAME ?? 'Loan Portal'),
  };
}

// The notice of a page whose scripts keep failing, in each language (src/app/stalled-notice.ts).
function stalledNotice(): Plugin {
  return {
    name: 'stalled-notice',
    transformIndexHtml: (html) => {
      // Without its place the notice would silently be missing from every page.
      if (!html.includes(STALLED_NOTICE_MARKER)) {
        throw new Error(`index.html has no ${STALLED_NOTICE_MARKER} for the stalled-page notice`);
      }
      return html.replace(STALLED_NOTICE_MARKER, () => stalledNoticeCopies());
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    productNameInDev(),
    stalledNotice(),
    sharedRouterGuard(),
    federation({
      name: 'shell',
      // Remotes are registered at run time from /config.json, never baked into the build.
      remotes: {},
      dts: false,
      shared: federationShared(appDir),
      ...hostRuntimeOptions,
    }),
    hostBootPreloads(),
  ],
  // Chrome has preloaded modules natively since version 66; a browser without it (Safari < 17)
  // fetches them when imported, a little later. The polyfill would be bytes on every page.
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [hostRuntimeChunk] } } },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/config.json': 'http://localhost:8080',
      '/payments-simulator': 'http://localhost:8080',
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    projects: jsdomTestProjects(new URL('.', import.meta.url)),
  },
});
