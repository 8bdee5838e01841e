import { Button, Card, ConfirmDialog, ErrorBox, PasswordField } from '@loan-portal/ui-kit';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { useSession } from '../../../app/session-context';
import { Page } from '../../../components/page';
import { errorText } from '../../../lib/error-text';
import { saveFile } from '../../../lib/save-file';
import { useSingleFlight } from '../../../lib/use-single-flight';
import styles from './your-data-page.module.css';

/**
 * "Your data" (issue 18, DPDP Act 2023): a copy of everything held about the client, and the
 * erasure of their account, which asks for the password again and says what is kept and why.
 */
export function YourDataPage() {
  const [erasedMessage, setErasedMessage] = useState('');
  return (
    <Page narrow>
      <Link to="/dashboard" className={styles.back}>
        ← Back to Dashboard
      </Link>
      <h1 className={styles.title}>Your data</h1>
      <p className={styles.lead}>
        You can take a copy of the personal data we hold about you, or ask us to erase it.
      </p>
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const download = useSingleFlight(async () => {
    setError('');
    setBusy(true);
    try {
      const file = await api.downloadMyData();
      saveFile(file.blob, file.fileName);
    } catch (failure) {
      setError(errorText(failure, 'Could not download your data. Please try again.'));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Card title="Download my data">
      <p className={styles.text}>
        One file (JSON) with your account, your application with its details and history, and your
        payments.
      </p>
      <ErrorBox>{error}</ErrorBox>
      <div className={styles.actions}>
        <Button busy={busy} busyLabel="Preparing your data..." onClick={() => void download()}>
          Download my data
        </Button>
      </div>
    </Card>
  );
}

function EraseCard({ onErased }: { onErased: (message: string) => void }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const missing = password === '' ? 'Password is required' : undefined;

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
      setError(errorText(failure, 'Could not delete your account. Please try again.'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card title="Delete my account">
      <p className={styles.text}>
        We erase your name, phone number, Aadhaar, PAN, bank account number and address, and sign
        you out everywhere. You will not be able to sign in to this account again.
      </p>
      <p className={styles.text}>
        We keep the record of the fee you paid (amount, payment and order IDs, dates), because the
        law requires us to keep payment records.
      </p>
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
        trigger={<Button variant="danger">Delete my account</Button>}
        title="Delete your account?"
        description="This cannot be undone. Enter your password to confirm."
        tone="danger"
        confirmLabel="Delete my account"
        busy={busy}
        busyLabel="Deleting..."
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
            <li>Erased: your name, phone number, Aadhaar, PAN, account number and address.</li>
            <li>Kept, as the law requires: the payment's amount, its IDs and dates.</li>
            <li>You are signed out on every device.</li>
          </ul>
          <ErrorBox>{error}</ErrorBox>
          <PasswordField
            name="password"
            label="Password"
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
  return (
    <Card title="Your account has been deleted">
      <div className={styles.done} role="status">
        <p className={styles.text}>{message}</p>
        <Button
          onClick={() => {
            void logout().finally(() => navigate('/login', { replace: true }));
          }}
        >
          Go to Sign In
        </Button>
      </div>
    </Card>
  );
}
