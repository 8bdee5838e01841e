import { remoteViteConfig } from '@loan-portal/build-config/remote-vite-config';
import { defineConfig } from 'vitest/config';

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
