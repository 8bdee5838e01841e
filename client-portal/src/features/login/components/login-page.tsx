import { useLingui } from '@lingui/react';
import { Button, PasswordField } from '@loan-portal/ui-kit';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { useRuntimeConfig } from '../../../app/config-context';
import { useSession } from '../../../app/session-context';
import { AuthCard } from '../../../components/auth-card';
import { AuthForm } from '../../../components/auth-form';
import { authStyles } from '../../../components/auth-styles';
import { MobileNumberField } from '../../../components/mobile-number-field';
import { errorText } from '../../../lib/error-text';
import { validateWith } from '../../../lib/form-rules';
import { useAdoptPaintedFields } from '../../../lib/painted-fields';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { wait } from '../../../lib/wait';
import styles from './login-page.module.css';

const FIELDS = ['mobile', 'password'] as const;
const validate = validateWith<{ mobile: string; password: string }>((s) => s.loginSchema, 'mobile');
/** Spec section 9: the pause between a successful login and reloading the user. */
export const LOGIN_DELAY_MS = 1000;

export function LoginPage() {
  const api = useApi();
  const { tagline } = useRuntimeConfig();
  const { reloadUser } = useSession();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const [error, setError] = useState('');

  const { formik, submit, formProps } = useCheckedForm({
    initialValues: { mobile: '', password: '' },
    validate,
    onSubmit: async (values) => {
      setError('');
      try {
        await api.login({ mobile: values.mobile.trim(), password: values.password });
      } catch (failure) {
        setError(errorText(failure, /*i18n*/ 'login.error.invalidCredentials'));
        return;
      }
      await wait(LOGIN_DELAY_MS);
      await reloadUser();
      navigate('/dashboard', { replace: true });
    },
  });

  // The HTML's copy of this page takes input before the scripts arrive (issue 17).
  useAdoptPaintedFields(FIELDS, (name, value) => {
    void formik.setFieldValue(name, value, false);
  });

  return (
    <AuthCard
      title={i18n._('login.title')}
      subtitle={tagline}
      badge={
        <span className={styles.secure}>
          <LockIcon /> {i18n._('login.secure')}
        </span>
      }
      footer={
        <p className={styles.footerText}>
          {i18n._('login.newHere')}{' '}
          <Link to="/signup" className={authStyles.link}>
            {i18n._('login.createAccount')}
          </Link>
        </p>
      }
    >
      <AuthForm {...formProps} onSubmit={submit} error={error}>
        <MobileNumberField
          {...formik.getFieldProps('mobile')}
          error={formik.errors.mobile}
          touched={formik.touched.mobile}
        />
        <PasswordField
          label={i18n._('auth.password')}
          required
          placeholder={i18n._('login.passwordPlaceholder')}
          {...formik.getFieldProps('password')}
          error={formik.errors.password}
          touched={formik.touched.password}
        />
        <div className={authStyles.row}>
          <Link to="/forgot-password" className={authStyles.link}>
            {i18n._('login.forgotPassword')}
          </Link>
        </div>
        <Button
          type="submit"
          fullWidth
          busy={formik.isSubmitting}
          busyLabel={i18n._('login.signingIn')}
        >
          {i18n._('login.submit')}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
