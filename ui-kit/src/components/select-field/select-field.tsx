import type { ComponentPropsWithRef } from 'react';
import { type FieldBaseProps, FieldShell, fieldStyles, useField } from '../field/field';
import styles from './select-field.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps
  extends FieldBaseProps,
    Omit<ComponentPropsWithRef<'select'>, 'children' | 'multiple'> {
  name: string;
  options: readonly (SelectOption | string)[];
  /** First, empty option such as 'Select loan type'; picking it gives the value ''. */
  placeholder?: string;
}

/** A labelled native <select>: native keeps mobile pickers and screen-reader support for free. */
export function SelectField({
  label,
  hint,
  error,
  touched,
  id,
  className,
  required,
  options,
  placeholder,
  'aria-describedby': ariaDescribedBy,
  ...selectProps
}: SelectFieldProps) {
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
      <div className={styles.wrapper}>
        <select
          {...selectProps}
          id={ids.controlId}
          required={required}
          className={`${fieldStyles.control} ${styles.select}`}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => {
            const item = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={item.value} value={item.value} disabled={item.disabled}>
                {item.label}
              </option>
            );
          })}
        </select>
        <span className={styles.chevron} aria-hidden="true" />
      </div>
    </FieldShell>
  );
}
