import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * ui-kit's own catalog (issue 16): the words its components say by themselves (Close, Show
 * password, Step 1 of 3...). Explicit message ids (msgid is the id, msgstr the text);
 * `lingui compile --typescript --strict` writes src/locales/{en,hi}.ts and fails on any id
 * without a Hindi text. An app loads it with the shared and its own catalog for one locale.
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
