import { useLingui } from '@lingui/react';
import { ErrorBox } from '@loan-portal/ui-kit';
import type { ComponentProps } from 'react';
import { useSingleFlight } from '../lib/use-single-flight';
import { authStyles } from './auth-styles';

export interface AuthFormProps
  extends Omit<ComponentProps<'form'>, 'onSubmit' | 'className' | 'noValidate'> {
  /** Checks and sends the form. A second submit while one is running does nothing. */
  onSubmit: () => Promise<void> | void;
  /** What went wrong, in words already translated ('' for nothing). */
  error?: string;
  /** The message id of what the form achieved, read out as a status once it is done. */
  success?: string;
}

/**
 * The form of the signed-out screens (sign in, sign up, forgotten password and its code, new
 * password): the status once it succeeded, the error box, then the fields. Each screen wrote this
 * scaffold again; one place now keeps the single-flight submit (a double tap on a slow phone sends
 * one request) and the browser's own checks off (the spec's messages are ours).
 */
export function AuthForm({ onSubmit, error = '', success = '', children, ...form }: AuthFormProps) {
  const { i18n } = useLingui();
  const submitOnce = useSingleFlight(onSubmit);
  return (
    <form
      {...form}
      className={authStyles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submitOnce();
      }}
    >
      {success ? (
        <p role="status" className={authStyles.success}>
          {i18n._(success)}
        </p>
      ) : null}
      <ErrorBox>{error}</ErrorBox>
      {children}
    </form>
  );
}
