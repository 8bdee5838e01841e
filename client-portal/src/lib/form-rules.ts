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

/**
 * formik's `validate` for a schema of `form-schemas.ts`, checked the way formik's own
 * `validationSchema` checks (empty strings as missing, every field's first error). While the rules
 * cannot be loaded (the phone went offline since the page loaded) nothing is refused here: the
 * server checks every value again and answers with the spec's messages, and the next check here
 * asks for the rules again.
 */
export function validateWith<Values extends FormikValues>(
  pick: (schemas: FormSchemas) => FormSchema,
): (values: Values) => Promise<FormikErrors<Values>> {
  return async (values) => {
    let schema: FormSchema;
    try {
      schema = pick(await loadFormSchemas());
    } catch {
      return {};
    }
    try {
      await validateYupSchema(values, schema);
      return {};
    } catch (error) {
      if (error instanceof Error && error.name === 'ValidationError') {
        return yupToFormErrors<Values>(error);
      }
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
