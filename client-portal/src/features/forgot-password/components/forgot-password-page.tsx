import { Button, ErrorBox, OtpInput, TextField } from '@loan-portal/ui-kit';
import { useFormik } from 'formik';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../../app/api-context';
import { AuthCard } from '../../../components/auth-card';
import { authStyles } from '../../../components/auth-styles';
import { errorText } from '../../../lib/error-text';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { forgotPasswordSchema, OTP_LENGTH, VALIDATION_MESSAGES } from '../../../lib/shared';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useVerifyResetOtp } from '../hooks/use-verify-reset-otp';

export function ForgotPasswordPage() {
  const api = useApi();
  const formRef = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState<1 | 2>(1);
  const [error, setError] = useState('');
  const [otp, setOtp] = useState('');
  const [otpTouched, setOtpTouched] = useState(false);
  const verify = useVerifyResetOtp('Invalid OTP. Please try again.');

  const phone = useFormik({
    initialValues: { phone_number: '' },
    validationSchema: forgotPasswordSchema,
    onSubmit: async (values) => {
      setError('');
      try {
        await api.requestPasswordReset({ phone_number: values.phone_number });
        setOtp('');
        setOtpTouched(false);
        verify.reset();
        setStep(2);
      } catch (failure) {
        setError(errorText(failure, 'Failed to send OTP. Please try again.'));
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
      title="Forgot Password"
      subtitle={
        step === 1
          ? 'Enter your registered mobile number and we will send you a code.'
          : `Enter the 6-digit code sent to ${phone.values.phone_number}.`
      }
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className={authStyles.link}>
            Sign In
          </Link>
        </p>
      }
    >
      {step === 1 ? (
        <form ref={formRef} className={authStyles.form} noValidate onSubmit={submitPhone}>
          <ErrorBox>{error}</ErrorBox>
          <TextField
            label="Mobile Number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            placeholder="10-digit mobile number"
            required
            {...phone.getFieldProps('phone_number')}
            error={phone.errors.phone_number}
            touched={phone.touched.phone_number}
          />
          <Button type="submit" fullWidth busy={phone.isSubmitting} busyLabel="Sending OTP...">
            Send OTP
          </Button>
        </form>
      ) : (
        <form className={authStyles.form} noValidate onSubmit={submitOtp}>
          {verify.success ? (
            <p role="status" className={authStyles.success}>
              {verify.success}
            </p>
          ) : null}
          <ErrorBox>{verify.error}</ErrorBox>
          <OtpInput
            label="Verification code"
            value={otp}
            onChange={setOtp}
            onBlur={() => setOtpTouched(true)}
            error={otp.length === OTP_LENGTH ? undefined : VALIDATION_MESSAGES.otpIncomplete}
            touched={otpTouched}
            disabled={verify.busy}
            autoFocus
          />
          <Button
            type="submit"
            fullWidth
            disabled={otp.length !== OTP_LENGTH || Boolean(verify.success)}
            busy={verify.busy && !verify.success}
            busyLabel="Verifying..."
          >
            Verify OTP
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
            Use Different Number
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
