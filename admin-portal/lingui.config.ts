import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

const NOT_SHIPPED = ['**/*.test.*', '**/*.stories.tsx', '**/test/**'];

/**
 * The staff screens behind the login are lazy chunks: each has a catalog of its own
 * (src/locales/<screen>.en.po, compiled to <screen>.en.ts), which its module hands to the portal's
 * Lingui instance when the chunk loads (addAdminCatalog in src/app/i18n.tsx). The login page so
 * carries only the frame's and its own words, and a new screen's words never reach its bytes.
 */
const SCREENS: Record<string, string[]> = {
  applicants: ['src/features/applicants'],
  applicant: ['src/features/applicant', 'src/features/identity-masking'],
  audit: ['src/features/audit'],
  dashboard: ['src/features/dashboard'],
  flagged: ['src/features/flagged-payments'],
  staff: ['src/features/staff'],
  // The steps after a password: a chunk of their own, loaded by the login page when needed.
  signIn: ['src/features/login/components/sign-in-steps.tsx'],
};

/**
 * The back office's catalogs (issue 16): it stays English, but its words are Lingui message ids as
 * in the client portal, so another language is a new PO file per catalog and a locale here.
 * Explicit ids (msgid is the id, msgstr the text; English is the spec's text, exactly);
 * `lingui compile --typescript --strict` writes src/locales/en.ts (the frame and the login page)
 * and src/locales/<screen>.en.ts. At run time the portal merges them with the shared (api-client)
 * and ui-kit English catalogs (src/app/i18n.tsx).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['src'],
      exclude: [
        ...NOT_SHIPPED,
        ...Object.values(SCREENS)
          .flat()
          .flatMap((path) => [`<rootDir>/${path}`, `<rootDir>/${path}/**`]),
      ],
    },
    ...Object.entries(SCREENS).map(([name, include]) => ({
      path: `<rootDir>/src/locales/${name}.{locale}`,
      include,
      exclude: NOT_SHIPPED,
    })),
  ],
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false, origins: false }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
});
