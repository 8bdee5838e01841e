import type { StaffAccount } from '@loan-portal/api-client';
import { getErrorMessage } from '@loan-portal/api-client';
import {
  Button,
  ErrorBox,
  LoadingOverlay,
  Modal,
  PasswordField,
  TextField,
} from '@loan-portal/ui-kit';
import { type FormEvent, useId, useState } from 'react';
import { useAdminSession } from '../../../app/admin-session';
import { useApiClient } from '../../../app/api-client';
import { useStaff } from '../hooks/use-staff';
import styles from './staff-page.module.css';

export const TEMPORARY_PASSWORD_MIN_LENGTH = 8;

/** Superuser only (the server refuses staff): staff accounts, their roles and the 2FA rule. */
export function StaffPage() {
  const staff = useStaff();
  const { user } = useAdminSession();
  const [notice, setNotice] = useState('');

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Staff accounts</h1>
        <p className={styles.subtitle}>
          Create staff accounts, disable them, reset passwords and choose who is a superuser.
        </p>
      </header>
      <ErrorBox>{staff.error}</ErrorBox>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <TwoStepSetting
        required={staff.totpRequired}
        onChanged={(required) => {
          staff.setTotpRequired(required);
          setNotice(
            required
              ? 'Two-step sign-in is now required for every staff account.'
              : 'Two-step sign-in is now optional.',
          );
        }}
      />
      <CreateStaffForm
        onCreated={(account) => {
          setNotice(
            `Account ${account.username} created. Give them the temporary password: they choose their own at the first sign-in.`,
          );
          void staff.reload();
        }}
      />
      <section className={styles.panel} aria-labelledby="staff-list-title">
        <h2 id="staff-list-title" className={styles.panelTitle}>
          {staff.accounts.length} staff accounts
        </h2>
        <LoadingOverlay
          className={styles.listArea}
          loading={staff.loading}
          label="Loading staff accounts..."
        >
          <ul className={styles.list}>
            {staff.accounts.map((account) => (
              <StaffRow
                key={account.id}
                account={account}
                isSelf={account.id === user?.id}
                onChanged={(changed, message) => {
                  staff.replace(changed);
                  setNotice(message);
                }}
              />
            ))}
          </ul>
        </LoadingOverlay>
      </section>
    </main>
  );
}

function TwoStepSetting({
  required,
  onChanged,
}: {
  required: boolean | null;
  onChanged(required: boolean): void;
}) {
  const api = useApiClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  async function change(next: boolean) {
    setBusy(true);
    setError('');
    try {
      const saved = await api.updateSecuritySettings({ totp_required: next });
      onChanged(saved.totp_required);
    } catch (failure) {
      setError(getErrorMessage(failure, 'Could not save the setting. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        Two-step sign-in
      </h2>
      <ErrorBox>{error}</ErrorBox>
      <div className={styles.checkRow}>
        <input
          id={id}
          type="checkbox"
          checked={required === true}
          disabled={required === null || busy}
          onChange={(event) => void change(event.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={id}>Require two-step sign-in for every staff account</label>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        An account without it is asked to set it up right after its password at the next sign-in.
      </p>
    </section>
  );
}

function CreateStaffForm({ onCreated }: { onCreated(account: StaffAccount): void }) {
  const api = useApiClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError('');
    setFieldErrors({});
    try {
      const account = await api.createStaff({ username: username.trim(), password });
      setUsername('');
      setPassword('');
      onCreated(account);
    } catch (failure) {
      const errors = (failure as { response?: { data?: { errors?: Record<string, string> } } })
        ?.response?.data?.errors;
      if (errors) setFieldErrors(errors);
      setError(getErrorMessage(failure, 'Could not create the account. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="new-staff-title">
      <h2 id="new-staff-title" className={styles.panelTitle}>
        New staff account
      </h2>
      <form className={styles.createForm} onSubmit={submit}>
        <ErrorBox>{error}</ErrorBox>
        <div className={styles.fields}>
          <TextField
            label="Username"
            name="username"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            required
            value={username}
            error={fieldErrors.username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <PasswordField
            label="Temporary password"
            name="temporary_password"
            autoComplete="new-password"
            required
            minLength={TEMPORARY_PASSWORD_MIN_LENGTH}
            hint={`At least ${TEMPORARY_PASSWORD_MIN_LENGTH} characters; changed at the first sign-in.`}
            value={password}
            error={fieldErrors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div>
          <Button type="submit" busy={busy} busyLabel="Creating...">
            Create account
          </Button>
        </div>
      </form>
    </section>
  );
}

function StaffRow({
  account,
  isSelf,
  onChanged,
}: {
  account: StaffAccount;
  isSelf: boolean;
  onChanged(account: StaffAccount, message: string): void;
}) {
  const api = useApiClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [resetOpen, setResetOpen] = useState(false);
  const titleId = useId();

  async function change(
    payload: { is_active?: boolean; is_superuser?: boolean; reset_password?: string },
    message: string,
  ): Promise<boolean> {
    setBusy(true);
    setError('');
    try {
      onChanged(await api.updateStaff(account.id, payload), message);
      return true;
    } catch (failure) {
      setError(getErrorMessage(failure, 'Could not change the account. Please try again.'));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const name = account.username;
  return (
    <li className={styles.row} aria-labelledby={titleId}>
      <div className={styles.identity}>
        <h3 id={titleId} className={styles.username}>
          {name}
          {isSelf ? <span className={styles.you}> (you)</span> : null}
        </h3>
        <ul className={styles.tags} aria-label={`About ${name}`}>
          <li className={account.is_superuser ? styles.tagStrong : styles.tag}>
            {account.is_superuser ? 'Superuser' : 'Staff'}
          </li>
          <li className={account.is_active ? styles.tagOk : styles.tagOff}>
            {account.is_active ? 'Active' : 'Disabled'}
          </li>
          <li className={account.totp_enabled ? styles.tagOk : styles.tag}>
            {account.totp_enabled ? 'Two-step on' : 'Two-step off'}
          </li>
          {account.must_change_password ? (
            <li className={styles.tagWarn}>Temporary password</li>
          ) : null}
        </ul>
      </div>
      <div className={styles.rowActions}>
        {isSelf ? null : (
          <Button
            size="sm"
            variant={account.is_active ? 'danger' : 'secondary'}
            disabled={busy}
            onClick={() =>
              void change(
                { is_active: !account.is_active },
                account.is_active
                  ? `${name} is disabled: their sessions have ended.`
                  : `${name} can sign in again.`,
              )
            }
            aria-label={`${account.is_active ? 'Disable' : 'Enable'} ${name}`}
          >
            {account.is_active ? 'Disable' : 'Enable'}
          </Button>
        )}
        {isSelf && account.is_superuser ? null : (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void change(
                { is_superuser: !account.is_superuser },
                account.is_superuser
                  ? `${name} is no longer a superuser.`
                  : `${name} is now a superuser.`,
              )
            }
            aria-label={`${account.is_superuser ? 'Withdraw superuser from' : 'Make superuser'} ${name}`}
          >
            {account.is_superuser ? 'Withdraw superuser' : 'Make superuser'}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => setResetOpen(true)}
          aria-label={`Reset password of ${name}`}
        >
          Reset password
        </Button>
      </div>
      <ErrorBox className={styles.rowError}>{error}</ErrorBox>
      <ResetPasswordDialog
        username={name}
        open={resetOpen}
        onOpenChange={setResetOpen}
        onReset={async (password) => {
          const ok = await change(
            { reset_password: password },
            `${name}'s password is reset: they choose a new one at their next sign-in.`,
          );
          if (ok) setResetOpen(false);
        }}
      />
    </li>
  );
}

function ResetPasswordDialog({
  username,
  open,
  onOpenChange,
  onReset,
}: {
  username: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onReset(password: string): Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const tooShort = password.length < TEMPORARY_PASSWORD_MIN_LENGTH;
  return (
    <Modal
      title={`Reset the password of ${username}`}
      description="Their sessions end now; they choose a new password at their next sign-in."
      open={open}
      onOpenChange={(next) => {
        if (!next) setPassword('');
        onOpenChange(next);
      }}
      preventClose={busy}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            busy={busy}
            busyLabel="Resetting..."
            disabled={tooShort}
          >
            Reset password
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={async (event) => {
          event.preventDefault();
          if (tooShort) return;
          setBusy(true);
          await onReset(password);
          setBusy(false);
          setPassword('');
        }}
      >
        <PasswordField
          label="New temporary password"
          name="reset_password"
          autoComplete="new-password"
          hint={`At least ${TEMPORARY_PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </form>
    </Modal>
  );
}
