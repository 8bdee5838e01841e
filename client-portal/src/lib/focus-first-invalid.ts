import type { FormikErrors } from 'formik';

/**
 * Focuses the first field, in form order, that has an error. Fields are found by name inside
 * `form`; an OTP group is found by its first box (`data-field` on the wrapper).
 */
export function focusFirstInvalid<V>(
  form: HTMLFormElement | null,
  order: readonly (keyof V & string)[],
  errors: FormikErrors<V>,
): boolean {
  if (!form) return false;
  const first = order.find((name) => Boolean(errors[name]));
  if (!first) return false;
  const target =
    form.querySelector<HTMLElement>(`[name="${first}"]:not([type="hidden"])`) ??
    form.querySelector<HTMLElement>(`[data-field="${first}"] input`);
  target?.focus();
  return Boolean(target);
}
