import { useLingui } from '@lingui/react';
import { Button, TextField } from '@loan-portal/ui-kit';
import { useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { AuthForm } from '../../../components/auth-form';
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
  const submit = async () => {
    setTouched(true);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    await verify.run(phone, otp);
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
      <AuthForm onSubmit={submit} error={verify.error} success={verify.success}>
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
      </AuthForm>
    </AuthCard>
  );
}
