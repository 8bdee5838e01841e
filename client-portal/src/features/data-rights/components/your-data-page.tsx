import { useLingui } from '@lingui/react';
import { Button, Card, ConfirmDialog, ErrorBox, PasswordField } from '@loan-portal/ui-kit';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { textOf } from '../../../app/i18n';
import { useSession } from '../../../app/session-context';
import { Page } from '../../../components/page';
import { errorText } from '../../../lib/error-text';
import { saveFile } from '../../../lib/save-file';
import { VALIDATION_IDS } from '../../../lib/shared';
import { useSingleFlight } from '../../../lib/use-single-flight';
import styles from './your-data-page.module.css';

/**
 * "Your data" (issue 18, DPDP Act 2023): a copy of everything held about the client, and the
 * erasure of their account, which asks for the password again and says what is kept and why.
 */
export function YourDataPage() {
  const { i18n } = useLingui();
  const [erasedMessage, setErasedMessage] = useState('');
  return (
    <Page narrow>
      <Link to="/dashboard" className={styles.back}>
        ← {i18n._('common.backToDashboard')}
      </Link>
      <h1 className={styles.title}>{i18n._('data.title')}</h1>
      <p className={styles.lead}>{i18n._('data.lead')}</p>
      {erasedMessage ? (
        <Erased message={erasedMessage} />
      ) : (
        <div className={styles.cards}>
          <DownloadCard />
          <EraseCard onErased={setErasedMessage} />
        </div>
      )}
    </Page>
  );
}

function DownloadCard() {
  const api = useApi();
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const download = useSingleFlight(async () => {
    setError('');
    setBusy(true);
    try {
      const file = await api.downloadMyData();
      saveFile(file.blob, file.fileName);
    } catch (failure) {
      setError(errorText(failure, /*i18n*/ 'data.error.download'));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Card title={i18n._('data.download')}>
      <p className={styles.text}>{i18n._('data.downloadText')}</p>
      <ErrorBox>{error}</ErrorBox>
      <div className={styles.actions}>
        <Button busy={busy} busyLabel={i18n._('data.preparing')} onClick={() => void download()}>
          {i18n._('data.download')}
        </Button>
      </div>
    </Card>
  );
}

function EraseCard({ onErased }: { onErased: (message: string) => void }) {
  const api = useApi();
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const missing = password === '' ? VALIDATION_IDS.passwordRequired : undefined;

  const erase = useSingleFlight(async () => {
    setTouched(true);
    setError('');
    if (missing) return;
    setBusy(true);
    try {
      const { message } = await api.eraseMyAccount(password);
      setOpen(false);
      onErased(message);
    } catch (failure) {
      setError(errorText(failure, /*i18n*/ 'data.error.delete'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card title={i18n._('data.delete')}>
      <p className={styles.text}>{i18n._('data.deleteText')}</p>
      <p className={styles.text}>{i18n._('data.keepText')}</p>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword('');
            setTouched(false);
            setError('');
          }
        }}
        trigger={<Button variant="danger">{i18n._('data.delete')}</Button>}
        title={i18n._('data.deleteQuestion')}
        description={i18n._('data.deleteConfirmText')}
        tone="danger"
        confirmLabel={i18n._('data.delete')}
        busy={busy}
        busyLabel={i18n._('data.deleting')}
        onConfirm={() => void erase()}
        size="md"
      >
        <form
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void erase();
          }}
        >
          <ul className={styles.list}>
            <li>{i18n._('data.erasedList')}</li>
            <li>{i18n._('data.keptList')}</li>
            <li>{i18n._('data.signedOutList')}</li>
          </ul>
          <ErrorBox>{error}</ErrorBox>
          <PasswordField
            name="password"
            label={i18n._('auth.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onBlur={() => setTouched(true)}
            error={missing}
            touched={touched}
            disabled={busy}
          />
        </form>
      </ConfirmDialog>
    </Card>
  );
}

function Erased({ message }: { message: string }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  return (
    <Card title={i18n._('data.deleted')}>
      <div className={styles.done} role="status">
        <p className={styles.text}>{textOf(i18n, message)}</p>
        <Button
          onClick={() => {
            void logout().finally(() => navigate('/login', { replace: true }));
          }}
        >
          {i18n._('data.goToSignIn')}
        </Button>
      </div>
    </Card>
  );
}
