import { defineConfig } from 'vitest/config';
import { remoteViteConfig } from '../scripts/remote-vite-config.mjs';

export default defineConfig(
  remoteViteConfig({
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
  }),
);
