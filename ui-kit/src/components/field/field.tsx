import { type ReactNode, useId } from 'react';
import { knownText, useUiKitI18n } from '../../i18n/ui-kit-i18n';
import styles from './field.module.css';

/** Props every form field shares; they line up with Formik's `getFieldProps`, `errors`, `touched`. */
export interface FieldBaseProps {
  /** Visible label, also the accessible name of the control. */
  label: ReactNode;
  /** Help text under the label, read after the label by screen readers. */
  hint?: ReactNode;
  /**
   * Validation message. Shown (and the control marked invalid) only while `touched` is not false.
   * A message id (the shared yup rules carry 'validation.fullNameRequired') is shown in the
   * reader's language; any other text as it is.
   */
  error?: ReactNode;
  /** Formik's touched flag for the field; leave it out to show `error` whenever it is set. */
  touched?: boolean;
}

export interface FieldIds {
  controlId: string;
  describedBy: string | undefined;
  invalid: boolean;
  hintId: string;
  errorId: string;
}

/** Works out the ids and aria wiring of a field from its hint and error. */
export function useField(
  { hint, error, touched }: Omit<FieldBaseProps, 'label'>,
  id: string | undefined,
  extraDescribedBy?: string,
): FieldIds {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const invalid = Boolean(error) && touched !== false;
  const describedBy =
    [extraDescribedBy, hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') ||
    undefined;
  return { controlId, describedBy, invalid, hintId, errorId };
}

interface FieldShellProps extends FieldBaseProps {
  ids: FieldIds;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label, hint, control and error in the order sighted and screen-reader users meet them. */
export function FieldShell({
  label,
  hint,
  error,
  ids,
  required,
  className,
  children,
}: FieldShellProps) {
  const i18n = useUiKitI18n();
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={ids.controlId}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {ids.invalid ? (
        <p id={ids.errorId} className={styles.error}>
          {typeof error === 'string' ? knownText(i18n, error, error) : error}
        </p>
      ) : null}
    </div>
  );
}

export { styles as fieldStyles };
