import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { errorText } from '../../../lib/error-text';
import { wait } from '../../../lib/wait';

/** Spec section 9: the pause between 'OTP verified successfully!' and the reset screen. */
export const VERIFY_REDIRECT_MS = 1000;

/** What /forgot-password/reset needs, passed in navigation state (never in the URL). */
export interface ResetPasswordState {
  phone: string;
  resetToken: string;
}

/**
 * Verifies a reset code, then after 1 s opens the reset screen with phone and token. `error` is
 * the server's message or `fallback` (a message id), `success` a message id.
 */
export function useVerifyResetOtp(fallback: string) {
  const api = useApi();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  const run = useCallback(
    async (phone: string, otp: string) => {
      setError('');
      setBusy(true);
      let resetToken: string;
      try {
        const answer = await api.verifyPasswordResetOtp({ phone_number: phone, otp });
        resetToken = answer.reset_token;
      } catch (failure) {
        setError(errorText(failure, fallback));
        setBusy(false);
        return;
      }
      setSuccess(/*i18n*/ 'forgot.otpVerified');
      await wait(VERIFY_REDIRECT_MS);
      const state: ResetPasswordState = { phone, resetToken };
      navigate('/forgot-password/reset', { state });
    },
    [api, navigate, fallback],
  );

  const reset = useCallback(() => {
    setError('');
    setSuccess('');
    setBusy(false);
  }, []);

  return { run, reset, busy, error, success };
}
