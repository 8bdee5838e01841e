import { defineConfig } from 'vitest/config';
import { remoteViteConfig } from '../scripts/remote-vite-config.mjs';

export default defineConfig(
  remoteViteConfig({
    appUrl: new URL('.', import.meta.url),
    name: 'client_portal',
    base: '/remotes/client-portal/',
    mount: '*',
    routes: {
      '/login': { module: 'src/features/login/components/login-page.tsx', prerender: true },
      '/signup': { module: 'src/features/signup/components/signup-page.tsx', prerender: true },
      '/forgot-password': {
        module: 'src/features/forgot-password/components/forgot-password-page.tsx',
        prerender: true,
      },
      '/dashboard': { module: 'src/features/dashboard/components/dashboard-page.tsx' },
      '/register': { module: 'src/features/registration/components/register-page.tsx' },
      '/payment': { module: 'src/features/payment/components/payment-page.tsx' },
      '/status': { module: 'src/features/status/components/status-page.tsx' },
      '/your-data': { module: 'src/features/data-rights/components/your-data-page.tsx' },
    },
  }),
);
