import { defineConfig } from 'vitest/config';
import { remoteViteConfig } from '../scripts/remote-vite-config.mjs';

const remote = remoteViteConfig({
  appUrl: new URL('.', import.meta.url),
  name: 'admin_portal',
  base: '/remotes/admin-portal/',
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
});

/**
 * The exposed App and everything it imports, as one JS chunk and one CSS file (issue 17). Left to
 * itself, Rolldown cut what the login page loads into three of each (the App, the modules the
 * staff screens share with it, ui-kit's field), all downloaded by every page anyway: one file
 * compresses better (1.4 KB less gzip on /portal-admin/login). The staff screens stay chunks of
 * their own; the federation's groups (shared-module glue, preload helper) come first.
 */
const APP_CHUNK = {
  name: 'remote-app',
  test: /[\\/]src[\\/]app[\\/]remote-app\.tsx$/,
  includeDependenciesRecursively: true,
};

export default defineConfig((env) => {
  const config = remote(env);
  return {
    ...config,
    build: {
      ...config.build,
      rolldownOptions: { output: { codeSplitting: { groups: [APP_CHUNK] } } },
    },
  };
});
