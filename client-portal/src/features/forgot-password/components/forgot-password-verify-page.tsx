import { useLingui } from '@lingui/react';
import { Button, ErrorBox, TextField } from '@loan-portal/ui-kit';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { authStyles } from '../../../components/auth-styles';
import { OTP_LENGTH, VALIDATION_IDS } from '../../../lib/shared';
import { useVerifyResetOtp } from '../hooks/use-verify-reset-otp';

/** The simpler verify screen: one code input for the number passed in navigation state. */
export function ForgotPasswordVerifyPage() {
  const location = useLocation();
  const phone = (location.state as { phone?: unknown } | null)?.phone;
  const { i18n } = useLingui();
  const verify = useVerifyResetOtp(/*i18n*/ 'common.somethingWrong');
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
      title={i18n._('forgot.verifyTitle')}
      subtitle={i18n._('auth.codeSentTo', { phone })}
      footer={
        <Link to="/forgot-password" className={authStyles.link}>
          {i18n._('forgot.differentNumber')}
        </Link>
      }
    >
      <form className={authStyles.form} noValidate onSubmit={submit}>
        {verify.success ? (
          <p role="status" className={authStyles.success}>
            {i18n._(verify.success)}
          </p>
        ) : null}
        <ErrorBox>{verify.error}</ErrorBox>
        <TextField
          ref={inputRef}
          label={i18n._('forgot.otp')}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={otp}
          onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
          onBlur={() => setTouched(true)}
          error={invalid ? VALIDATION_IDS.otpIncomplete : undefined}
          touched={touched}
          required
        />
        <Button
          type="submit"
          fullWidth
          disabled={invalid || Boolean(verify.success)}
          busy={verify.busy && !verify.success}
          busyLabel={i18n._('auth.verifying')}
        >
          {i18n._('forgot.verifyOtp')}
        </Button>
      </form>
    </AuthCard>
  );
}
