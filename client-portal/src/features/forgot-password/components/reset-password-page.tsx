import { useLingui } from '@lingui/react';
import { Button, PasswordField } from '@loan-portal/ui-kit';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { AuthCard } from '../../../components/auth-card';
import { AuthForm } from '../../../components/auth-form';
import { authStyles } from '../../../components/auth-styles';
import { errorText } from '../../../lib/error-text';
import { validateWith } from '../../../lib/form-rules';
import { MIN_PASSWORD_LENGTH } from '../../../lib/shared';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { wait } from '../../../lib/wait';
import type { ResetPasswordState } from '../hooks/use-verify-reset-otp';

/** Spec section 9: the pause before the redirect to /login. */
export const RESET_REDIRECT_MS = 2000;
const validate = validateWith<{ new_password: string; confirm_password: string }>(
  (s) => s.resetPasswordFormSchema,
  'new_password',
);

function readState(state: unknown): ResetPasswordState | null {
  const value = state as Partial<ResetPasswordState> | null;
  return typeof value?.phone === 'string' &&
    typeof value.resetToken === 'string' &&
    value.resetToken
    ? { phone: value.phone, resetToken: value.resetToken }
    : null;
}

export function ResetPasswordPage() {
  const location = useLocation();
  const state = readState(location.state);
  if (!state) return <Navigate to="/forgot-password" replace />;
  return <ResetPasswordForm {...state} />;
}

function ResetPasswordForm({ phone, resetToken }: ResetPasswordState) {
  const api = useApi();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  const { formik, submit, formProps } = useCheckedForm({
    initialValues: { new_password: '', confirm_password: '' },
    validate,
    onSubmit: async (values) => {
      setError('');
      try {
        await api.resetPassword({
          phone_number: phone,
          reset_token: resetToken,
          new_password: values.new_password,
        });
      } catch (failure) {
        setError(errorText(failure, /*i18n*/ 'reset.error.failed'));
        return;
      }
      setSuccess(/*i18n*/ 'reset.success');
      await wait(RESET_REDIRECT_MS);
      navigate('/login', { replace: true });
    },
  });

  return (
    <AuthCard
      title={i18n._('reset.title')}
      subtitle={i18n._('reset.subtitle', { phone })}
      footer={
        <Link to="/login" className={authStyles.link}>
          {i18n._('common.backToSignIn')}
        </Link>
      }
    >
      <AuthForm {...formProps} onSubmit={submit} error={error} success={success}>
        <PasswordField
          label={i18n._('reset.newPassword')}
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          hint={i18n._('reset.hint')}
          required
          {...formik.getFieldProps('new_password')}
          error={formik.errors.new_password}
          touched={formik.touched.new_password}
        />
        <PasswordField
          label={i18n._('auth.confirmPassword')}
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
          {...formik.getFieldProps('confirm_password')}
          error={formik.errors.confirm_password}
          touched={formik.touched.confirm_password}
        />
        <Button
          type="submit"
          fullWidth
          disabled={Boolean(success)}
          busy={formik.isSubmitting && !success}
          busyLabel={i18n._('reset.resetting')}
        >
          {i18n._('reset.submit')}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
