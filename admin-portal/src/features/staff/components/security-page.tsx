import type { TotpEnrolment, TotpStatus } from '@loan-portal/api-client';
import { getErrorMessage } from '@loan-portal/api-client';
import { Button, ErrorBox, RecoveryCodes, Spinner, TotpSetup } from '@loan-portal/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import styles from './staff-page.module.css';

type Stage =
  | { kind: 'status' }
  | { kind: 'setup'; enrolment: TotpEnrolment | null }
  | { kind: 'codes'; codes: string[] };

/** Any staff member: their own second factor, set up of their own accord. */
export function SecurityPage() {
  const api = useApiClient();
  const [status, setStatus] = useState<TotpStatus | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    try {
      setStatus(await api.getTotpStatus());
    } catch (failure) {
      setError(getErrorMessage(failure, 'Failed to load your sign-in settings. Please try again.'));
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  async function start() {
    setError('');
    setStage({ kind: 'setup', enrolment: null });
    try {
      setStage({ kind: 'setup', enrolment: await api.beginTotpEnrolment() });
    } catch (failure) {
      setStage({ kind: 'status' });
      setError(getErrorMessage(failure, 'Could not start the set-up. Please try again.'));
    }
  }

  async function confirm(code: string) {
    setBusy(true);
    setError('');
    try {
      const { recovery_codes } = await api.confirmTotpEnrolment(code);
      setStage({ kind: 'codes', codes: recovery_codes });
    } catch (failure) {
      setError(getErrorMessage(failure, 'Invalid code'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Two-step sign-in</h1>
        <p className={styles.subtitle}>
          After your password, the sign-in asks for a code from an authenticator app on your phone.
        </p>
      </header>
      <section className={styles.panel} aria-label="Your second factor">
        {stage.kind === 'setup' ? (
          <TotpSetup
            qrSvg={stage.enrolment?.qr_svg}
            secret={stage.enrolment?.secret}
            onSubmit={confirm}
            busy={busy}
            error={error}
          />
        ) : stage.kind === 'codes' ? (
          <RecoveryCodes
            codes={stage.codes}
            doneLabel="Done"
            onDone={() => {
              setStage({ kind: 'status' });
              void load();
            }}
          />
        ) : (
          <>
            <ErrorBox>{error}</ErrorBox>
            {status === null ? (
              error ? null : (
                <Spinner label="Loading..." />
              )
            ) : status.enabled ? (
              <p className={styles.subtitle}>
                Two-step sign-in is on. {status.recovery_codes_left} of 10 recovery codes left.
              </p>
            ) : (
              <>
                <p className={styles.subtitle}>
                  Two-step sign-in is off.
                  {status.required
                    ? ' It is required: you will be asked to set it up at your next sign-in.'
                    : ''}
                </p>
                <div>
                  <Button onClick={start}>Set up two-step sign-in</Button>
                </div>
              </>
            )}
          </>
        )}
      </section>
    </main>
  );
}
