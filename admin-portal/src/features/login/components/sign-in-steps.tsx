import type { AdminUser, PendingSignIn, TotpEnrolment } from '@loan-portal/api-client';
import { getErrorMessage, isPendingSignIn } from '@loan-portal/api-client';
import {
  Button,
  ErrorBox,
  OtpInput,
  PasswordField,
  RecoveryCodes,
  TextField,
  TotpSetup,
} from '@loan-portal/ui-kit';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import styles from './sign-in-steps.module.css';

/** The server's words when a challenge has run out (or its account was disabled meanwhile). */
export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';
export const PASSWORD_MIN_LENGTH = 8;

export interface SignInStepsProps {
  pending: PendingSignIn;
  /** The login page's message (the lockout's words), shown at the code step. */
  error: string;
  locked: boolean;
  countdown: ReactNode;
  onPending(next: PendingSignIn): void;
  onClearError(): void;
  /** A wrong code: counted by the login page's lockout like a wrong password. */
  onFailure(failure: unknown): void;
  onSignedIn(user: AdminUser): void;
  onRestart(message: string): void;
}

function statusOf(error: unknown): number | undefined {
  return (error as { response?: { status?: number } })?.response?.status;
}

function isExpired(error: unknown): boolean {
  return statusOf(error) === 401 && getErrorMessage(error, '') === SIGN_IN_EXPIRED;
}

/** What comes after a correct staff password: a new password, a code, or an enrolment. */
export function SignInSteps(props: SignInStepsProps) {
  switch (props.pending.next) {
    case 'change_password':
      return <ChangePasswordStep {...props} />;
    case 'totp':
      return <CodeStep {...props} />;
    case 'enrol_totp':
      return <EnrolStep {...props} />;
  }
}

function StepHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.header}>
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.text}>{children}</p>
    </div>
  );
}

function ChangePasswordStep({ pending, onPending, onSignedIn, onRestart }: SignInStepsProps) {
  const api = useApiClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
      return;
    }
    if (password !== confirm) {
      setError('Passwords do not match');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const result = await api.changeTemporaryPassword(pending.challenge, password);
      if (isPendingSignIn(result)) onPending(result);
      else onSignedIn(result.user);
    } catch (failure) {
      if (isExpired(failure)) onRestart(SIGN_IN_EXPIRED);
      else setError(getErrorMessage(failure, 'Could not save the password. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <StepHeader title="Choose a new password">
        Your password is temporary. Choose your own before you continue.
      </StepHeader>
      <ErrorBox>{error}</ErrorBox>
      <PasswordField
        label="New password"
        name="new_password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <PasswordField
        label="Confirm new password"
        name="confirm_password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
      />
      <Button type="submit" fullWidth busy={busy} busyLabel="Saving...">
        Save password
      </Button>
    </form>
  );
}

function CodeStep({
  pending,
  error,
  locked,
  countdown,
  onFailure,
  onSignedIn,
  onRestart,
  onClearError,
}: SignInStepsProps) {
  const api = useApiClient();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = useRecovery ? code.trim().length >= 10 : /^\d{6}$/.test(code);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (locked) return;
    setBusy(true);
    onClearError();
    try {
      const { user } = await api.verifySignInCode(pending.challenge, code.trim());
      onSignedIn(user);
    } catch (failure) {
      if (isExpired(failure)) onRestart(SIGN_IN_EXPIRED);
      else onFailure(failure);
      setCode('');
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <StepHeader title="Two-step verification">
        {useRecovery
          ? 'Enter one of your recovery codes. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </StepHeader>
      <ErrorBox>{error}</ErrorBox>
      {countdown}
      {useRecovery ? (
        <TextField
          label="Recovery code"
          name="recovery_code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      ) : (
        <OtpInput
          label="6-digit code"
          name="code"
          value={code}
          onChange={setCode}
          disabled={busy || locked}
          autoFocus
        />
      )}
      <Button
        type="submit"
        fullWidth
        busy={busy}
        busyLabel="Verifying..."
        disabled={locked || !ready}
      >
        Verify
      </Button>
      <Button
        type="button"
        variant="link"
        onClick={() => {
          setUseRecovery((value) => !value);
          setCode('');
        }}
      >
        {useRecovery ? 'Use the code from my app' : 'Use a recovery code'}
      </Button>
    </form>
  );
}

function EnrolStep({ pending, onSignedIn, onRestart }: SignInStepsProps) {
  const api = useApiClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ user: AdminUser; codes: string[] } | null>(null);

  useEffect(() => {
    let active = true;
    api.beginSignInEnrolment(pending.challenge).then(
      (started) => {
        if (active) setEnrolment(started);
      },
      (failure) => {
        if (!active) return;
        if (isExpired(failure)) onRestart(SIGN_IN_EXPIRED);
        else setError(getErrorMessage(failure, 'Could not start the set-up. Please try again.'));
      },
    );
    return () => {
      active = false;
    };
  }, [api, pending.challenge, onRestart]);

  async function confirm(code: string) {
    setBusy(true);
    setError('');
    try {
      const result = await api.confirmSignInEnrolment(pending.challenge, code);
      setDone({ user: result.user, codes: result.recovery_codes });
    } catch (failure) {
      if (isExpired(failure)) onRestart(SIGN_IN_EXPIRED);
      else setError(getErrorMessage(failure, 'Invalid code'));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className={styles.form}>
        <RecoveryCodes
          codes={done.codes}
          onDone={() => onSignedIn(done.user)}
          doneLabel="Continue"
        />
      </div>
    );
  }
  return (
    <div className={styles.form}>
      <StepHeader title="Set up two-step sign-in">
        Your back office asks every staff member for a code from an authenticator app.
      </StepHeader>
      {enrolment ? (
        <TotpSetup
          qrSvg={enrolment.qr_svg}
          secret={enrolment.secret}
          onSubmit={confirm}
          busy={busy}
          error={error}
        />
      ) : error ? (
        <ErrorBox>{error}</ErrorBox>
      ) : (
        <TotpSetup onSubmit={confirm} />
      )}
    </div>
  );
}
