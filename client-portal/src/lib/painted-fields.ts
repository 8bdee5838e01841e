import { TYPEABLE_PAINT_ATTRIBUTE } from '@loan-portal/api-client';
import { useLayoutEffect } from 'react';

/*
 * What a visitor typed into the copy of a page the HTML painted before any script ran (issue 17:
 * /login's copy takes input, api-client `typeable-paint-script.ts`). React's first render replaces
 * that copy with the live page; the copy's fields are found while it is still on screen, and read
 * in the task that put the live form there, so no keystroke falls between the two.
 */

interface PaintedFields {
  fields: Map<string, HTMLInputElement>;
  /** The copy's field that had the focus, with its caret. */
  focused?: HTMLInputElement;
}

let painted: PaintedFields | undefined;

/**
 * Called by the portal's first render, before React commits it over the painted copy: keeps the
 * copy's named fields (read later, when they have left the document) and the one in focus.
 */
export function findPaintedFields(): void {
  if (painted !== undefined || typeof document === 'undefined') return;
  const copy = document.querySelector(`[${TYPEABLE_PAINT_ATTRIBUTE}]`);
  if (!copy) return;
  const fields = new Map<string, HTMLInputElement>();
  for (const input of copy.querySelectorAll<HTMLInputElement>('input[name]')) {
    fields.set(input.name, input);
  }
  const active = document.activeElement;
  const found: PaintedFields = {
    fields,
    focused: active instanceof HTMLInputElement && copy.contains(active) ? active : undefined,
  };
  painted = found;
  // The render may come in slices (a transition), between which the visitor can move on to
  // another field: the one focused last in the copy is the one that has the focus back.
  copy.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLInputElement) found.focused = event.target;
  });
}

/**
 * The live form's fields take what was typed into the painted copy's fields of the same names,
 * once, at the form's first render; the field that had the focus has it again, caret and all.
 * `setValue` hands each value to the form's state (formik's `setFieldValue`).
 */
export function useAdoptPaintedFields(
  names: readonly string[],
  setValue: (name: string, value: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the form's first render.
  useLayoutEffect(() => {
    const found = painted;
    painted = undefined;
    if (!found) return;
    for (const name of names) {
      const copy = found.fields.get(name);
      if (!copy || copy.value === '') continue;
      const live = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (!live) continue;
      // The DOM first, so the caret can be put back now; the state then renders the same value,
      // and React leaves the field (and its caret) as it is.
      live.value = copy.value;
      setValue(name, copy.value);
    }
    const focused = found.focused;
    if (!focused || !names.includes(focused.name)) return;
    const live = document.querySelector<HTMLInputElement>(`input[name="${focused.name}"]`);
    if (!live || (document.activeElement && document.activeElement !== document.body)) return;
    live.focus({ preventScroll: true });
    try {
      live.setSelectionRange(focused.selectionStart, focused.selectionEnd);
    } catch {
      // A field type without a caret (none of the copy's): the focus alone.
    }
  }, []);
}
