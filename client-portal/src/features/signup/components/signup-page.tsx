import { useLingui } from '@lingui/react';
import { Button, PasswordField } from '@loan-portal/ui-kit';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { useLocale } from '../../../app/locale-context';
import { AuthCard } from '../../../components/auth-card';
import { AuthForm } from '../../../components/auth-form';
import { authStyles } from '../../../components/auth-styles';
import { MobileNumberField } from '../../../components/mobile-number-field';
import { OtpForm } from '../../../components/otp-form';
import { errorText } from '../../../lib/error-text';
import { validateWith } from '../../../lib/form-rules';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { wait } from '../../../lib/wait';

const validate = validateWith<{ phone_number: string; password: string; confirm_password: string }>(
  (s) => s.signupDetailsSchema,
  'phone_number',
);
/** Spec section 9: the pause before the redirect to /login. */
export const SIGNUP_REDIRECT_MS = 2000;

export function SignupPage() {
  const api = useApi();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const [error, setError] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [success, setSuccess] = useState('');

  const {
    formik: details,
    submit: sendCode,
    formProps,
  } = useCheckedForm({
    initialValues: { phone_number: '', password: '', confirm_password: '' },
    validate,
    onSubmit: async (values) => {
      setError('');
      try {
        await api.sendOtp({ mobile: values.phone_number });
        setStep(2);
      } catch (failure) {
        setError(errorText(failure, /*i18n*/ 'signup.error.sendOtp'));
      }
    },
  });

  const verify = async (otp: string) => {
    setError('');
    setVerifying(true);
    try {
      await api.signup({
        phone_number: details.values.phone_number,
        password: details.values.password,
        otp,
        language: locale,
      });
    } catch (failure) {
      setError(errorText(failure, /*i18n*/ 'signup.error.failed'));
      setVerifying(false);
      return;
    }
    setSuccess(/*i18n*/ 'signup.success');
    await wait(SIGNUP_REDIRECT_MS);
    navigate('/login', { replace: true });
  };

  return (
    <AuthCard
      title={i18n._('signup.title')}
      subtitle={
        step === 1
          ? i18n._('signup.subtitle')
          : i18n._('auth.codeSentTo', { phone: details.values.phone_number })
      }
      footer={
        <p>
          {i18n._('signup.haveAccount')}{' '}
          <Link to="/login" className={authStyles.link}>
            {i18n._('auth.signIn')}
          </Link>
        </p>
      }
    >
      {step === 1 ? (
        <AuthForm {...formProps} onSubmit={sendCode} error={error}>
          <MobileNumberField
            {...details.getFieldProps('phone_number')}
            error={details.errors.phone_number}
            touched={details.touched.phone_number}
          />
          <PasswordField
            label={i18n._('auth.password')}
            autoComplete="new-password"
            placeholder={i18n._('signup.passwordPlaceholder')}
            required
            {...details.getFieldProps('password')}
            error={details.errors.password}
            touched={details.touched.password}
          />
          <PasswordField
            label={i18n._('auth.confirmPassword')}
            autoComplete="new-password"
            placeholder={i18n._('signup.confirmPlaceholder')}
            required
            {...details.getFieldProps('confirm_password')}
            error={details.errors.confirm_password}
            touched={details.touched.confirm_password}
          />
          <Button
            type="submit"
            fullWidth
            busy={details.isSubmitting}
            busyLabel={i18n._('auth.sendingOtp')}
          >
            {i18n._('signup.continue')}
          </Button>
        </AuthForm>
      ) : (
        <OtpForm
          onVerify={verify}
          busy={verifying}
          error={error}
          success={success}
          submitLabel={i18n._('signup.verifySubmit')}
        />
      )}
    </AuthCard>
  );
}
