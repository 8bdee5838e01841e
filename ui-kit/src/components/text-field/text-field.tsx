import type { ComponentPropsWithRef } from 'react';
import { type FieldBaseProps, FieldShell, fieldStyles, useField } from '../field/field';

export interface TextFieldProps
  extends FieldBaseProps,
    Omit<ComponentPropsWithRef<'input'>, 'children'> {
  /** Only the string value is needed; Formik's `getFieldProps(name)` spreads straight in. */
  name: string;
}

/** A labelled text input. `ref` reaches the <input>, so a form can focus the first invalid field. */
export function TextField({
  label,
  hint,
  error,
  touched,
  id,
  className,
  required,
  type = 'text',
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const ids = useField({ hint, error, touched }, id, ariaDescribedBy);
  return (
    <FieldShell
      label={label}
      hint={hint}
      error={error}
      ids={ids}
      required={required}
      className={className}
    >
      <input
        {...inputProps}
        id={ids.controlId}
        type={type}
        required={required}
        className={fieldStyles.control}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
      />
    </FieldShell>
  );
}
