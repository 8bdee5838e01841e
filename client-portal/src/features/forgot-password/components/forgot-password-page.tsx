import { useLingui } from '@lingui/react';
import { Button, ErrorBox, OtpInput, TextField } from '@loan-portal/ui-kit';
import { useFormik } from 'formik';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../../app/api-context';
import { AuthCard } from '../../../components/auth-card';
import { authStyles } from '../../../components/auth-styles';
import { errorText } from '../../../lib/error-text';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useFormSchemas, validateWith } from '../../../lib/form-rules';
import { OTP_LENGTH, VALIDATION_IDS } from '../../../lib/shared';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useVerifyResetOtp } from '../hooks/use-verify-reset-otp';

const validate = validateWith<{ phone_number: string }>(
  (s) => s.forgotPasswordSchema,
  'phone_number',
);

export function ForgotPasswordPage() {
  const api = useApi();
  const formRef = useRef<HTMLFormElement>(null);
  const schemas = useFormSchemas();
  const [step, setStep] = useState<1 | 2>(1);
  const [error, setError] = useState('');
  const [otp, setOtp] = useState('');
  const [otpTouched, setOtpTouched] = useState(false);
  const { i18n } = useLingui();
  const verify = useVerifyResetOtp(/*i18n*/ 'forgot.error.invalidOtp');

  const phone = useFormik({
    initialValues: { phone_number: '' },
    validate,
    onSubmit: async (values) => {
      setError('');
      try {
        await api.requestPasswordReset({ phone_number: values.phone_number });
        setOtp('');
        setOtpTouched(false);
        verify.reset();
        setStep(2);
      } catch (failure) {
        setError(errorText(failure, /*i18n*/ 'forgot.error.sendOtp'));
      }
    },
  });

  const sendCodeOnce = useSingleFlight(async () => {
    const errors = await phone.validateForm();
    if (focusFirstInvalid(formRef.current, ['phone_number'], errors)) {
      phone.setTouched({ phone_number: true });
      return;
    }
    await phone.submitForm();
  });
  const submitPhone = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void sendCodeOnce();
  };

  const verifyOnce = useSingleFlight(async () => {
    setOtpTouched(true);
    if (otp.length !== OTP_LENGTH) return;
    await verify.run(phone.values.phone_number, otp);
  });
  const submitOtp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verifyOnce();
  };

  return (
    <AuthCard
      title={i18n._('forgot.title')}
      subtitle={
        step === 1
          ? i18n._('forgot.subtitle')
          : i18n._('auth.codeSentTo', { phone: phone.values.phone_number })
      }
      footer={
        <p>
          {i18n._('forgot.remembered')}{' '}
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
          onSubmit={submitPhone}
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
            {...phone.getFieldProps('phone_number')}
            error={phone.errors.phone_number}
            touched={phone.touched.phone_number}
          />
          <Button
            type="submit"
            fullWidth
            busy={phone.isSubmitting}
            busyLabel={i18n._('auth.sendingOtp')}
          >
            {i18n._('forgot.sendOtp')}
          </Button>
        </form>
      ) : (
        <form className={authStyles.form} noValidate onSubmit={submitOtp}>
          {verify.success ? (
            <p role="status" className={authStyles.success}>
              {i18n._(verify.success)}
            </p>
          ) : null}
          <ErrorBox>{verify.error}</ErrorBox>
          <OtpInput
            label={i18n._('auth.verificationCode')}
            value={otp}
            onChange={setOtp}
            onBlur={() => setOtpTouched(true)}
            error={otp.length === OTP_LENGTH ? undefined : VALIDATION_IDS.otpIncomplete}
            touched={otpTouched}
            disabled={verify.busy}
            autoFocus
          />
          <Button
            type="submit"
            fullWidth
            disabled={otp.length !== OTP_LENGTH || Boolean(verify.success)}
            busy={verify.busy && !verify.success}
            busyLabel={i18n._('auth.verifying')}
          >
            {i18n._('forgot.verifyOtp')}
          </Button>
          <Button
            variant="secondary"
            fullWidth
            disabled={verify.busy}
            onClick={() => {
              setStep(1);
              setError('');
            }}
          >
            {i18n._('forgot.differentNumber')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
