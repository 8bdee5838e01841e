import { type ComponentPropsWithRef, useState } from 'react';
import { useUiKitI18n } from '../../i18n/ui-kit-i18n';
import { type FieldBaseProps, FieldShell, fieldStyles, useField } from '../field/field';
import styles from './password-field.module.css';

export interface PasswordFieldProps
  extends FieldBaseProps,
    Omit<ComponentPropsWithRef<'input'>, 'children' | 'type'> {
  name: string;
  /** Accessible name of the toggle while the password is hidden. */
  showLabel?: string;
  /** Accessible name of the toggle while the password is visible. */
  hideLabel?: string;
}

/** Password input with a show/hide toggle; `ref` reaches the <input>. */
export function PasswordField({
  label,
  hint,
  error,
  touched,
  id,
  className,
  required,
  showLabel,
  hideLabel,
  autoComplete = 'current-password',
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: PasswordFieldProps) {
  const i18n = useUiKitI18n();
  const [visible, setVisible] = useState(false);
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
        <input
          {...inputProps}
          id={ids.controlId}
          type={visible ? 'text' : 'password'}
          required={required}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="off"
          className={`${fieldStyles.control} ${styles.input}`}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-label={
            visible
              ? (hideLabel ?? i18n._('ui.password.hide'))
              : (showLabel ?? i18n._('ui.password.show'))
          }
          aria-controls={ids.controlId}
          disabled={inputProps.disabled}
          onClick={() => setVisible((current) => !current)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldShell>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.1 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7c1.8 0 3.4-.5 4.8-1.3M9.9 9.9a3 3 0 0 0 4.2 4.2"
      />
    </svg>
  );
}
