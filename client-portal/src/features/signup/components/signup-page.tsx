import { useLingui } from '@lingui/react';
import { Button, ErrorBox, OtpInput, PasswordField, TextField } from '@loan-portal/ui-kit';
import { useFormik } from 'formik';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { useLocale } from '../../../app/locale-context';
import { AuthCard } from '../../../components/auth-card';
import { authStyles } from '../../../components/auth-styles';
import { errorText } from '../../../lib/error-text';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useFormSchemas, validateWith } from '../../../lib/form-rules';
import { OTP_LENGTH, VALIDATION_IDS } from '../../../lib/shared';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { wait } from '../../../lib/wait';

const FIELDS = ['phone_number', 'password', 'confirm_password'] as const;
const validate = validateWith<{ phone_number: string; password: string; confirm_password: string }>(
  (s) => s.signupDetailsSchema,
  'phone_number',
);
/** Spec section 9: the pause before the redirect to /login. */
export const SIGNUP_REDIRECT_MS = 2000;

export function SignupPage() {
  const api = useApi();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const schemas = useFormSchemas();
  const [step, setStep] = useState<1 | 2>(1);
  const [otp, setOtp] = useState('');
  const [otpTouched, setOtpTouched] = useState(false);
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const [error, setError] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [success, setSuccess] = useState('');

  const details = useFormik({
    initialValues: { phone_number: '', password: '', confirm_password: '' },
    validate,
    onSubmit: async (values) => {
      setError('');
      try {
        await api.sendOtp({ mobile: values.phone_number });
        setOtp('');
        setStep(2);
      } catch (failure) {
        setError(errorText(failure, /*i18n*/ 'signup.error.sendOtp'));
      }
    },
  });

  const sendCodeOnce = useSingleFlight(async () => {
    const errors = await details.validateForm();
    if (focusFirstInvalid(formRef.current, FIELDS, errors)) {
      details.setTouched({ phone_number: true, password: true, confirm_password: true });
      return;
    }
    await details.submitForm();
  });
  const submitDetails = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void sendCodeOnce();
  };

  const verifyOnce = useSingleFlight(async () => {
    setOtpTouched(true);
    if (otp.length !== OTP_LENGTH) return;
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
  });
  const submitOtp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verifyOnce();
  };

  const otpError = otp.length === OTP_LENGTH ? undefined : VALIDATION_IDS.otpIncomplete;

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
        <form
          ref={formRef}
          className={authStyles.form}
          noValidate
          onSubmit={submitDetails}
          onFocus={schemas.onFocus}
        >
          <ErrorBox>{error}</ErrorBox>
          <TextField
            label={i18n._('auth.mobileNumber')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            placeholder={i18n._('auth.mobilePlaceholder')}
            required
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
        </form>
      ) : (
        <form className={authStyles.form} noValidate onSubmit={submitOtp}>
          {success ? (
            <p role="status" className={authStyles.success}>
              {i18n._(success)}
            </p>
          ) : null}
          <ErrorBox>{error}</ErrorBox>
          <OtpInput
            label={i18n._('auth.verificationCode')}
            value={otp}
            onChange={setOtp}
            onBlur={() => setOtpTouched(true)}
            error={otpError}
            touched={otpTouched}
            disabled={verifying}
            autoFocus
          />
          <Button
            type="submit"
            fullWidth
            disabled={otp.length !== OTP_LENGTH || Boolean(success)}
            busy={verifying && !success}
            busyLabel={i18n._('auth.verifying')}
          >
            {i18n._('signup.verifySubmit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
