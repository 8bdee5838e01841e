import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The server's own catalog (issue 16): SMS, the fee receipt, the payment simulator's checkout
 * page and the answers whose text varies. The shared ids (validation.*, error.*, message.*,
 * status.*) live in api-client's catalog. Explicit ids; `pnpm i18n:compile` writes
 * src/locales/{en,hi}.ts, and `--strict` fails on an id without a Hindi text.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['src'] }],
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false }),
  compileNamespace: 'ts',
});
