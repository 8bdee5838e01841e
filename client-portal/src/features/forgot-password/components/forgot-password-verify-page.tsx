import { Button, ErrorBox, TextField } from '@loan-portal/ui-kit';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { authStyles } from '../../../components/auth-styles';
import { OTP_LENGTH, VALIDATION_MESSAGES } from '../../../lib/shared';
import { useVerifyResetOtp } from '../hooks/use-verify-reset-otp';

/** The simpler verify screen: one code input for the number passed in navigation state. */
export function ForgotPasswordVerifyPage() {
  const location = useLocation();
  const phone = (location.state as { phone?: unknown } | null)?.phone;
  const verify = useVerifyResetOtp('Something went wrong');
  const [otp, setOtp] = useState('');
  const [touched, setTouched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  if (typeof phone !== 'string' || phone === '') return <Navigate to="/forgot-password" replace />;

  const invalid = !/^\d{6}$/.test(otp);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    void verify.run(phone, otp);
  };

  return (
    <AuthCard
      title="Verify OTP"
      subtitle={`Enter the 6-digit code sent to ${phone}.`}
      footer={
        <Link to="/forgot-password" className={authStyles.link}>
          Use Different Number
        </Link>
      }
    >
      <form className={authStyles.form} noValidate onSubmit={submit}>
        {verify.success ? (
          <p role="status" className={authStyles.success}>
            {verify.success}
          </p>
        ) : null}
        <ErrorBox>{verify.error}</ErrorBox>
        <TextField
          ref={inputRef}
          label="OTP"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={otp}
          onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
          onBlur={() => setTouched(true)}
          error={invalid ? VALIDATION_MESSAGES.otpIncomplete : undefined}
          touched={touched}
          required
        />
        <Button
          type="submit"
          fullWidth
          disabled={invalid || Boolean(verify.success)}
          busy={verify.busy && !verify.success}
          busyLabel="Verifying..."
        >
          Verify OTP
        </Button>
      </form>
    </AuthCard>
  );
}
