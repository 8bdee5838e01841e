import { isPendingSignIn, type PendingSignIn } from '@loan-portal/api-client';
import { Button, ErrorBox, PasswordField, Spinner, TextField } from '@loan-portal/ui-kit';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useAdminSession } from '../../../app/admin-session';
import { useApiClient } from '../../../app/api-client';
import { useRuntimeConfig } from '../../../app/config-context';
import { useAdminI18n } from '../../../app/i18n';
import { loadStaffRoutes } from '../../../app/staff-routes-chunk';
import { useLoginLockout } from '../hooks/use-login-lockout';
import styles from './login-page.module.css';

// The steps after a password (new password, code, enrolment) are a chunk of their own: most
// sign-ins never need them, and the login page stays as small as it was.
const SignInSteps = lazy(() => import('./sign-in-steps').then((m) => ({ default: m.SignInSteps })));

interface FailedResponse {
  status?: number;
  data?: unknown;
  headers?: Record<string, unknown>;
}

function responseOf(error: unknown): FailedResponse | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const { response } = error as { response?: FailedResponse };
  return response ?? undefined;
}

/** Spec section 5: the server's `detail`, else its `message`, else 'Invalid credentials'. */
function failureReason(error: unknown, fallback: string): string {
  const data = responseOf(error)?.data;
  if (typeof data === 'object' && data !== null) {
    const { detail, message } = data as { detail?: unknown; message?: unknown };
    if (typeof detail === 'string' && detail.trim()) return detail;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

/** Seconds of a 429's Retry-After, when the server already holds the lock. */
function retryAfterSeconds(error: unknown): number | undefined {
  const response = responseOf(error);
  if (response?.status !== 429) return undefined;
  const seconds = Number(response.headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 30;
}

export function LoginPage() {
  const api = useApiClient();
  const { productName } = useRuntimeConfig();
  const { signIn } = useAdminSession();
  const i18n = useAdminI18n();
  const lockout = useLoginLockout();
  const lockedMessage = i18n._('login.locked');
  const reasonOf = (failure: unknown) => failureReason(failure, i18n._('login.invalidCredentials'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // The message of the lock under way, which goes when the lock ends.
  const [lockError, setLockError] = useState('');
  // A correct password with a step still due: the challenge for that step.
  const [pending, setPending] = useState<PendingSignIn | null>(null);

  /**
   * A failed try at either step: the spec's messages and its 3-attempt lockout, which the server
   * keeps too (a wrong code counts like a wrong password).
   */
  function recordFailure(failure: unknown) {
    const serverLock = retryAfterSeconds(failure);
    if (serverLock !== undefined) {
      lockout.lock(serverLock);
      // The server's own words for a longer lock (its limit across addresses, 15 minutes);
      // the spec's message for the 30-second one.
      const message = serverLock > 30 ? reasonOf(failure) : lockedMessage;
      setError(message);
      setLockError(message);
    } else {
      const remaining = lockout.recordFailure();
      setError(
        remaining === 0
          ? lockedMessage
          : i18n._('login.failed', { reason: reasonOf(failure), remaining }),
      );
      setLockError(lockedMessage);
    }
  }

  function finishSignIn(user: Parameters<typeof signIn>[0]) {
    if (signIn(user)) lockout.reset();
  }

  /** The challenge ran out (or the account was disabled meanwhile): start again. */
  function restart(message: string) {
    setPending(null);
    setPassword('');
    setError(message);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (lockout.locked) {
      setError(`Account locked. Please wait ${lockout.secondsLeft} seconds.`);
      return;
    }
    setBusy(true);
    setError('');
    // The staff frame downloads while the server checks the password.
    void loadStaffRoutes().catch(() => undefined);
    try {
      const result = await api.adminLogin({ username: username.trim(), password });
      if (isPendingSignIn(result)) {
        setPending(result);
        return;
      }
      const { user } = result;
      if (signIn(user)) {
        lockout.reset();
        return; // the login route now redirects to the dashboard
      }
      throw new Error('not staff');
    } catch (failure) {
      recordFailure(failure);
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  // When the lock ends the counter resets, and the lock messages go with it.
  const shownError = !lockout.locked && error === lockError ? '' : error;

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.header}>
          <span className={styles.badge}>{i18n._('login.staffOnly')}</span>
          <h1 className={styles.title}>{i18n._('login.title')}</h1>
          <p className={styles.subtitle}>{i18n._('login.subtitle', { productName })}</p>
        </div>
        {pending ? (
          <Suspense fallback={<Spinner label={i18n._('common.loading')} />}>
            <SignInSteps
              key={pending.challenge}
              pending={pending}
              error={shownError}
              locked={lockout.locked}
              countdown={
                lockout.locked ? (
                  <p role="timer" className={styles.countdown}>
                    {i18n._('login.lockedCountdown', { seconds: lockout.secondsLeft })}
                  </p>
                ) : null
              }
              onPending={(next) => {
                setError('');
                setPending(next);
              }}
              onClearError={() => setError('')}
              onFailure={recordFailure}
              onSignedIn={finishSignIn}
              onRestart={restart}
            />
          </Suspense>
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate={false}>
            <ErrorBox>{shownError}</ErrorBox>
            {lockout.locked ? (
              <p role="timer" className={styles.countdown}>
                {i18n._('login.lockedCountdown', { seconds: lockout.secondsLeft })}
              </p>
            ) : null}
            <TextField
              label={i18n._('login.username')}
              name="username"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              required
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
            <PasswordField
              label={i18n._('login.password')}
              name="password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button
              type="submit"
              fullWidth
              busy={busy}
              busyLabel={i18n._('login.signingIn')}
              disabled={lockout.locked}
            >
              {i18n._('login.submit')}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
