import type { FormikErrors } from 'formik';

/** Room left between the sticky header (or the top of the screen) and what is revealed. */
const GAP_PX = 12;

/**
 * Focuses the first field, in form order, that has an error, and scrolls it fully into view below
 * the sticky header, with the form's section title too when both fit. Fields are found by name
 * inside `form`; an OTP group is found by its first box (`data-field` on the wrapper).
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
  if (!target) return false;
  // The browser's own scroll on focus lines a field up with the top edge of the screen, which on
  // a phone is under the sticky header: the person saw neither the field's label nor its title.
  target.focus({ preventScroll: true });
  reveal(form, target);
  return true;
}

/** Height covered by a sticky or fixed header at the top of the screen. */
function coveredAtTop(): number {
  let covered = 0;
  for (const header of document.querySelectorAll('header')) {
    const { position } = getComputedStyle(header);
    if (position !== 'sticky' && position !== 'fixed') continue;
    const box = header.getBoundingClientRect();
    if (box.top <= 0 && box.bottom > covered) covered = box.bottom;
  }
  return covered;
}

function reveal(form: HTMLFormElement, target: HTMLElement) {
  // The whole field: its label above, its error below (the field's wrapper holds all three).
  const label = (target as HTMLInputElement).labels?.[0];
  const field = (label?.parentElement ?? target).getBoundingClientRect();
  // Nothing laid out (not displayed, or a test's DOM without layout): nothing to scroll to.
  if (field.width === 0 && field.height === 0) return;
  const title = form.querySelector('h2, legend')?.getBoundingClientRect();
  const top = coveredAtTop() + GAP_PX;
  const bottom = window.innerHeight - GAP_PX;
  const anchor = title && field.bottom - title.top <= bottom - top ? title.top : field.top;
  if (anchor >= top && field.bottom <= bottom) return;
  window.scrollBy({ top: anchor - top, behavior: 'instant' });
}
