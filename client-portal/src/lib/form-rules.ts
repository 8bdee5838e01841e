import { type FormikErrors, type FormikValues, validateYupSchema, yupToFormErrors } from 'formik';
import { useIdlePreload } from '../app/lazy-page';

/** What `form-schemas.ts` exports: the schemas of every client form. */
export type FormSchemas = typeof import('./form-schemas');

/** The one schema a form checks with (yup's, without importing yup here). */
interface FormSchema {
  validate(values: unknown, options?: object): Promise<unknown>;
}

let loading: Promise<FormSchemas> | undefined;

/**
 * The forms' rules: yup and the schemas, 13 KB gzip, half of the forms' code. A page paints its
 * form without them and fetches them once someone can type (issue 17: /register waited for them
 * before its heading). Loaded once; a failed load (offline) is tried again by the next check.
 */
export function loadFormSchemas(): Promise<FormSchemas> {
  loading ??= import('./form-schemas').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** What a form says while its rules cannot be loaded: the spec's words for a failed request. */
export const RULES_UNAVAILABLE = /*i18n*/ 'common.networkError';

/** yup's ValidationError, recognised as formik recognises it (by name). */
function isValidationError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error
    ? error.name === 'ValidationError'
    : false;
}

/**
 * formik's `validate` for a schema of `form-schemas.ts`, checked the way formik's own
 * `validationSchema` checks (empty strings as missing, every field's first error). While the rules
 * cannot be loaded (the phone went offline since the page loaded, or the site was redeployed under
 * an open tab) nothing unchecked goes through: the form's `reportOn` field says so, so a step
 * does not move on and a form is not sent, and the next check asks for the rules again.
 */
export function validateWith<Values extends FormikValues>(
  pick: (schemas: FormSchemas) => FormSchema,
  reportOn: keyof Values & string,
): (values: Values) => Promise<FormikErrors<Values>> {
  return async (values) => {
    let schemas: FormSchemas;
    try {
      schemas = await loadFormSchemas();
    } catch {
      return { [reportOn]: RULES_UNAVAILABLE } as FormikErrors<Values>;
    }
    try {
      await validateYupSchema(values, pick(schemas));
      return {};
    } catch (error) {
      if (isValidationError(error)) return yupToFormErrors<Values>(error);
      throw error;
    }
  };
}

const FORM_SCHEMAS = { preload: () => loadFormSchemas().then(() => undefined) };

/** Asks for the rules, quietly: a failure is asked again by the first check. */
function preloadFormSchemas() {
  FORM_SCHEMAS.preload().catch(() => undefined);
}

/**
 * A form's rules are fetched when someone first focuses one of its fields (the form's `onFocus`,
 * returned here), or in idle time after the page has loaded, whichever comes first: so they are in
 * hand when a field is left, and never among what the page's first paint waits for.
 */
export function useFormSchemas(): { onFocus: () => void } {
  useIdlePreload(FORM_SCHEMAS, true);
  return { onFocus: preloadFormSchemas };
}
