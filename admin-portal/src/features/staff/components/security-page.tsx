import type { TotpEnrolment, TotpStatus } from '@loan-portal/api-client';
import { getErrorMessage } from '@loan-portal/api-client';
import { Button, ErrorBox, RecoveryCodes, Spinner, TotpSetup } from '@loan-portal/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { messages } from '../../../locales/staff.en';
import styles from './staff-page.module.css';

addAdminCatalog(messages);

type Stage =
  | { kind: 'status' }
  | { kind: 'setup'; enrolment: TotpEnrolment | null }
  | { kind: 'codes'; codes: string[] };

/** Any staff member: their own second factor, set up of their own accord. */
export function SecurityPage() {
  const api = useApiClient();
  const i18n = useAdminI18n();
  const [status, setStatus] = useState<TotpStatus | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    try {
      setStatus(await api.getTotpStatus());
    } catch (failure) {
      setError(getErrorMessage(failure, i18n._('security.loadFailed')));
    }
  }, [api, i18n]);

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
      setError(getErrorMessage(failure, i18n._('security.startFailed')));
    }
  }

  async function confirm(code: string) {
    setBusy(true);
    setError('');
    try {
      const { recovery_codes } = await api.confirmTotpEnrolment(code);
      setStage({ kind: 'codes', codes: recovery_codes });
    } catch (failure) {
      setError(getErrorMessage(failure, i18n._('security.invalidCode')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{i18n._('security.title')}</h1>
        <p className={styles.subtitle}>{i18n._('security.subtitle')}</p>
      </header>
      <section className={styles.panel} aria-label={i18n._('security.factor')}>
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
            doneLabel={i18n._('security.done')}
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
                <Spinner label={i18n._('security.loading')} />
              )
            ) : status.enabled ? (
              <p className={styles.subtitle}>
                {i18n._('security.on', { left: status.recovery_codes_left })}
              </p>
            ) : (
              <>
                <p className={styles.subtitle}>
                  {status.required ? i18n._('security.offRequired') : i18n._('security.off')}
                </p>
                <div>
                  <Button onClick={start}>{i18n._('security.setUp')}</Button>
                </div>
              </>
            )}
          </>
        )}
      </section>
    </main>
  );
}
