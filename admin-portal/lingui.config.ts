import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The back office's catalog (issue 16): it stays English, but its words are Lingui message ids as
 * in the client portal, so another language is a new PO file and a locale here. Explicit ids
 * (msgid is the id, msgstr the text; English is the spec's text, exactly);
 * `lingui compile --typescript --strict` writes src/locales/en.ts. At run time the portal merges
 * it with the shared (api-client) and ui-kit English catalogs (src/app/i18n.tsx).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en'],
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
