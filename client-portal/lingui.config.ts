import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The client portal's catalog (issue 16): every word of its screens. Explicit message ids
 * (msgid is the id, msgstr the text; English is the spec's text, exactly);
 * `lingui compile --typescript --strict` writes src/locales/{en,hi}.ts and fails on any id
 * without a Hindi text. At run time the portal merges it with the shared (api-client) and ui-kit
 * catalogs of the same locale (src/app/i18n.ts).
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
