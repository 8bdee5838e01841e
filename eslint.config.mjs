// ESLint runs for one job only: no hard-coded words on a screen (issue 16): the client portal's,
// ui-kit's and the admin portal's (English only, but its words are message ids too, so another
// language is a catalog). Biome does the rest of the linting. `pnpm i18n:check`
// (scripts/check-i18n.mjs) runs it.
//
// What a reader sees is JSX text, a string in a JSX expression, or the value of an attribute that
// is read out or shown (aria-label, placeholder, title, alt, label...). eslint-plugin-lingui's
// no-unlocalized-strings was tried first: it reports every string literal in the code (route
// paths, query selectors, option values, HTTP verbs): 64 findings on these folders, none of them a
// word a client reads. These selectors name exactly the places a word is shown; a message id
// ('login.title') or a value without letters ('→', '*') passes.
import tseslint from 'typescript-eslint';

const WORDS = '/[A-Za-z][A-Za-z]/';
const SHOWN_ATTRIBUTES =
  '/^(aria-label|aria-description|aria-valuetext|placeholder|title|alt|label|hint|description|subtitle|busyLabel|confirmLabel|cancelLabel|closeLabel|showLabel|hideLabel|doneLabel|submitLabel|template|message|error|heading)$/';
const SHOWN_PROPS = '/^(label|title|placeholder|template|message|heading)$|Label$/';
/** A string with words that is not a message id ('login.title'). */
const TEXT = `Literal[value=${WORDS}]:not([value=/^[a-z][A-Za-z]*([.][A-Za-z0-9_]+)+$/])`;
const CHOICE = ':matches(ConditionalExpression, LogicalExpression)';
const CHILD = 'JSXElement > JSXExpressionContainer';
const ATTRIBUTE = `JSXAttribute[name.name=${SHOWN_ATTRIBUTES}] > JSXExpressionContainer`;
const message = 'Words a client reads come from the catalog: i18n._(id) or <Trans id=... />.';

export default [
  {
    files: [
      'client-portal/src/**/*.{ts,tsx}',
      'ui-kit/src/**/*.{ts,tsx}',
      'admin-portal/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.*', '**/*.stories.*', '**/test/**', '**/locales/**'],
    languageOptions: { parser: tseslint.parser },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-restricted-syntax': [
        'error',
        // <p>Sign In</p>
        { selector: `JSXText[value=${WORDS}]`, message },
        // <p>{'Sign In'}</p>, <p>{busy ? 'Copied' : 'Copy codes'}</p>, <p>{`Step ${n}`}</p>
        ...[CHILD, ATTRIBUTE].flatMap((place) => [
          { selector: `${place} > ${TEXT}`, message },
          { selector: `${place} > ${CHOICE} > ${TEXT}`, message },
          { selector: `${place} > ${CHOICE} > ${CHOICE} > ${TEXT}`, message },
          { selector: `${place} > TemplateLiteral > TemplateElement[value.raw=${WORDS}]`, message },
        ]),
        // <input placeholder="10-digit mobile number" />
        { selector: `JSXAttribute[name.name=${SHOWN_ATTRIBUTES}] > ${TEXT}`, message },
        // function Modal({ closeLabel = 'Close' })
        { selector: `AssignmentPattern[left.name=${SHOWN_PROPS}] > ${TEXT}`, message },
      ],
    },
  },
];
