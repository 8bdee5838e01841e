import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The shared catalog (issue 16): validation, error and status texts that the portals and the
 * server both show. Explicit message ids (msgid is the id, msgstr the text); `pnpm i18n:compile`
 * writes src/locales/{en,hi}.ts, and `--strict` fails on any id without a Hindi text.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['src'] }],
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false }),
  compileNamespace: 'ts',
});
