import { remoteViteConfig } from '@loan-portal/build-config/remote-vite-config';
import { defineConfig } from 'vitest/config';

/*
 * Fewer files per page (issue 17). Left to itself, Rolldown cut every set of modules that a
 * different set of pages shares into a chunk of its own: /status took 38 files of the portal
 * (30 JS, 8 CSS), two thirds of them under 1 KB, each a request with its own headers. Besides the
 * App's one chunk (build-config/remote-vite-config.mjs), two groups:
 */

/**
 * The small pieces the pages share (page frame, loading box, status texts, formatters, ui-kit's
 * fields and cards): one file for every page (7 KB gzip), where each page took 5 to 15 of them.
 * The form libraries and the dialog stay out: they are large and only some pages need them. What
 * a captured module imports comes along (Rolldown's default, which keeps chunks acyclic): a module
 * of lib/ or components/ that imported the dialog would put it on every page.
 */
const PAGES_COMMON = {
  name: 'pages-common',
  test: (id: string) =>
    /[\\/](client-portal[\\/]src[\\/](components|lib)|ui-kit[\\/]src)[\\/]|api-client[\\/]src[\\/](validation[\\/](messages|options|aadhaar)|format)/.test(
      id,
    ) &&
    !/focus-first-invalid|form-rules|form-schemas|use-checked-form|[\\/]shared\.ts$|modal|confirm-dialog/.test(
      id,
    ),
  minShareCount: 2,
};

/**
 * formik and the forms' helpers: one file for the pages with a form. Their rules (yup and the
 * schemas) are a chunk of their own, fetched once the form can be typed in (lib/form-rules.ts).
 */
const FORMS = {
  name: 'forms',
  test: /[\\/]lib[\\/](focus-first-invalid|form-rules|use-checked-form)\.ts$|[\\/]node_modules[\\/]formik[\\/]/,
  includeDependenciesRecursively: true,
};

export default defineConfig(
  remoteViteConfig({
    appUrl: new URL('.', import.meta.url),
    name: 'client_portal',
    base: '/remotes/client-portal/',
    mount: '*',
    routes: {
      // Its painted copy takes input before any script runs (issue 17, bench/README.md F30).
      '/login': {
        module: 'src/features/login/components/login-page.tsx',
        prerender: true,
        typeable: true,
      },
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
    chunkGroups: [PAGES_COMMON, FORMS],
  }),
);
