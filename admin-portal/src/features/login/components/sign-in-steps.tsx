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
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { messages } from '../../../locales/signIn.en';
import styles from './sign-in-steps.module.css';

addAdminCatalog(messages);

/**
 * The server's words when a challenge has run out (or its account was disabled meanwhile): how a
 * 401 is told from another. The screen then shows the same words from the catalog (signIn.expired).
 */
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
  const i18n = useAdminI18n();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(i18n._('signIn.passwordTooShort', { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    if (password !== confirm) {
      setError(i18n._('signIn.passwordsDoNotMatch'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const result = await api.changeTemporaryPassword(pending.challenge, password);
      if (isPendingSignIn(result)) onPending(result);
      else onSignedIn(result.user);
    } catch (failure) {
      if (isExpired(failure)) onRestart(i18n._('signIn.expired'));
      else setError(getErrorMessage(failure, i18n._('signIn.saveFailed')));
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <StepHeader title={i18n._('signIn.newPasswordTitle')}>
        {i18n._('signIn.newPasswordText')}
      </StepHeader>
      <ErrorBox>{error}</ErrorBox>
      <PasswordField
        label={i18n._('signIn.newPassword')}
        name="new_password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={i18n._('signIn.minLengthHint', { min: PASSWORD_MIN_LENGTH })}
      />
      <PasswordField
        label={i18n._('signIn.confirmPassword')}
        name="confirm_password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
      />
      <Button type="submit" fullWidth busy={busy} busyLabel={i18n._('signIn.saving')}>
        {i18n._('signIn.savePassword')}
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
  const i18n = useAdminI18n();
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
      if (isExpired(failure)) onRestart(i18n._('signIn.expired'));
      else onFailure(failure);
      setCode('');
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <StepHeader title={i18n._('signIn.codeTitle')}>
        {useRecovery ? i18n._('signIn.recoveryText') : i18n._('signIn.codeText')}
      </StepHeader>
      <ErrorBox>{error}</ErrorBox>
      {countdown}
      {useRecovery ? (
        <TextField
          label={i18n._('signIn.recoveryCode')}
          name="recovery_code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      ) : (
        <OtpInput
          label={i18n._('signIn.code')}
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
        busyLabel={i18n._('signIn.verifying')}
        disabled={locked || !ready}
      >
        {i18n._('signIn.verify')}
      </Button>
      <Button
        type="button"
        variant="link"
        onClick={() => {
          setUseRecovery((value) => !value);
          setCode('');
        }}
      >
        {useRecovery ? i18n._('signIn.useApp') : i18n._('signIn.useRecovery')}
      </Button>
    </form>
  );
}

function EnrolStep({ pending, onSignedIn, onRestart }: SignInStepsProps) {
  const api = useApiClient();
  const i18n = useAdminI18n();
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
        if (isExpired(failure)) onRestart(i18n._('signIn.expired'));
        else setError(getErrorMessage(failure, i18n._('signIn.startFailed')));
      },
    );
    return () => {
      active = false;
    };
  }, [api, i18n, pending.challenge, onRestart]);

  async function confirm(code: string) {
    setBusy(true);
    setError('');
    try {
      const result = await api.confirmSignInEnrolment(pending.challenge, code);
      setDone({ user: result.user, codes: result.recovery_codes });
    } catch (failure) {
      if (isExpired(failure)) onRestart(i18n._('signIn.expired'));
      else setError(getErrorMessage(failure, i18n._('signIn.invalidCode')));
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
          doneLabel={i18n._('signIn.continue')}
        />
      </div>
    );
  }
  return (
    <div className={styles.form}>
      <StepHeader title={i18n._('signIn.enrolTitle')}>{i18n._('signIn.enrolText')}</StepHeader>
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
