import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The shell's boot texts (issue 16): its loading screen and load errors, which a client sees
 * before the client portal (and its catalogs) are there. Explicit message ids, as in the portals;
 * `lingui compile --typescript --strict` writes src/locales/{en,hi}.ts.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['src'],
      exclude: ['**/*.test.*', '**/*.stories.tsx', '**/test/**'],
    },
  ],
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false, origins: false }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
});
