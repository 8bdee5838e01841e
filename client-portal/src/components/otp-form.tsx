import { useLingui } from '@lingui/react';
import { Button, OtpInput } from '@loan-portal/ui-kit';
import { type ReactNode, useState } from 'react';
import { OTP_LENGTH, VALIDATION_IDS } from '../lib/shared';
import { AuthForm } from './auth-form';

interface OtpFormProps {
  /** Checks the code with the server; the form stays busy until it answers. */
  onVerify: (code: string) => Promise<void>;
  busy: boolean;
  /** What went wrong, in words already translated. */
  error: string;
  /** The message id shown once the code is accepted; the form is then done. */
  success: string;
  submitLabel: string;
  /** Below the submit button, e.g. "Use Different Number". */
  children?: ReactNode;
}

/**
 * The second step of sign-up and of a forgotten password: the 6-digit code sent by SMS. It is
 * mounted afresh each time a code is sent, so a new code starts from empty boxes. The code is
 * checked only once complete; until then the button waits and the boxes say why once touched.
 */
export function OtpForm({ onVerify, busy, error, success, submitLabel, children }: OtpFormProps) {
  const { i18n } = useLingui();
  const [otp, setOtp] = useState('');
  const [touched, setTouched] = useState(false);
  const complete = otp.length === OTP_LENGTH;

  return (
    <AuthForm
      onSubmit={async () => {
        setTouched(true);
        if (complete) await onVerify(otp);
      }}
      error={error}
      success={success}
    >
      <OtpInput
        label={i18n._('auth.verificationCode')}
        value={otp}
        onChange={setOtp}
        onBlur={() => setTouched(true)}
        error={complete ? undefined : VALIDATION_IDS.otpIncomplete}
        touched={touched}
        disabled={busy}
        autoFocus
      />
      <Button
        type="submit"
        fullWidth
        disabled={!complete || Boolean(success)}
        busy={busy && !success}
        busyLabel={i18n._('auth.verifying')}
      >
        {submitLabel}
      </Button>
      {children}
    </AuthForm>
  );
}
