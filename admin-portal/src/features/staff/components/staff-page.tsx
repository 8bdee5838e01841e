import type { StaffAccount, UpdateStaffPayload } from '@loan-portal/api-client';
import { getErrorMessage } from '@loan-portal/api-client';
import {
  Button,
  ConfirmDialog,
  ErrorBox,
  LoadingOverlay,
  Modal,
  PasswordField,
  TextField,
} from '@loan-portal/ui-kit';
import { type FormEvent, useId, useState } from 'react';
import { useAdminSession } from '../../../app/admin-session';
import { useApiClient } from '../../../app/api-client';
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { messages } from '../../../locales/staff.en';
import { useStaff } from '../hooks/use-staff';
import styles from './staff-page.module.css';

addAdminCatalog(messages);

export const TEMPORARY_PASSWORD_MIN_LENGTH = 8;

/** Superuser only (the server refuses staff): staff accounts, their roles and the 2FA rule. */
export function StaffPage() {
  const i18n = useAdminI18n();
  const staff = useStaff();
  const { user } = useAdminSession();
  const [notice, setNotice] = useState('');

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{i18n._('staff.title')}</h1>
        <p className={styles.subtitle}>{i18n._('staff.subtitle')}</p>
      </header>
      <ErrorBox>{staff.error}</ErrorBox>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <TwoStepSetting
        required={staff.totpRequired}
        onChanged={(required) => {
          staff.setTotpRequired(required);
          setNotice(required ? i18n._('staff.twoStepRequired') : i18n._('staff.twoStepOptional'));
        }}
      />
      <CreateStaffForm
        onCreated={(account) => {
          setNotice(i18n._('staff.created', { username: account.username }));
          void staff.reload();
        }}
      />
      <section className={styles.panel} aria-labelledby="staff-list-title">
        <h2 id="staff-list-title" className={styles.panelTitle}>
          {i18n._('staff.count', { count: staff.accounts.length })}
        </h2>
        <LoadingOverlay
          className={styles.listArea}
          loading={staff.loading}
          label={i18n._('staff.loading')}
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
  const i18n = useAdminI18n();
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
      setError(getErrorMessage(failure, i18n._('staff.saveSettingFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {i18n._('staff.twoStep')}
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
        <label htmlFor={id}>{i18n._('staff.requireTwoStep')}</label>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {i18n._('staff.twoStepHint')}
      </p>
    </section>
  );
}

function CreateStaffForm({ onCreated }: { onCreated(account: StaffAccount): void }) {
  const api = useApiClient();
  const i18n = useAdminI18n();
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
      setError(getErrorMessage(failure, i18n._('staff.createFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="new-staff-title">
      <h2 id="new-staff-title" className={styles.panelTitle}>
        {i18n._('staff.newAccount')}
      </h2>
      <form className={styles.createForm} onSubmit={submit}>
        <ErrorBox>{error}</ErrorBox>
        <div className={styles.fields}>
          <TextField
            label={i18n._('staff.username')}
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
            label={i18n._('staff.temporaryPassword')}
            name="temporary_password"
            autoComplete="new-password"
            required
            minLength={TEMPORARY_PASSWORD_MIN_LENGTH}
            hint={i18n._('staff.temporaryPasswordHint', { min: TEMPORARY_PASSWORD_MIN_LENGTH })}
            value={password}
            error={fieldErrors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div>
          <Button type="submit" busy={busy} busyLabel={i18n._('staff.creating')}>
            {i18n._('staff.create')}
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
  const i18n = useAdminI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [resetOpen, setResetOpen] = useState(false);
  const [twoStepOpen, setTwoStepOpen] = useState(false);
  const titleId = useId();

  async function change(payload: UpdateStaffPayload, message: string): Promise<boolean> {
    setBusy(true);
    setError('');
    try {
      onChanged(await api.updateStaff(account.id, payload), message);
      return true;
    } catch (failure) {
      setError(getErrorMessage(failure, i18n._('staff.changeFailed')));
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
          {isSelf ? <span className={styles.you}> {i18n._('staff.you')}</span> : null}
        </h3>
        <ul className={styles.tags} aria-label={i18n._('staff.about', { name })}>
          <li className={account.is_superuser ? styles.tagStrong : styles.tag}>
            {account.is_superuser ? i18n._('staff.superuser') : i18n._('staff.staff')}
          </li>
          <li className={account.is_active ? styles.tagOk : styles.tagOff}>
            {account.is_active ? i18n._('staff.active') : i18n._('staff.disabled')}
          </li>
          <li className={account.totp_enabled ? styles.tagOk : styles.tag}>
            {account.totp_enabled ? i18n._('staff.twoStepOn') : i18n._('staff.twoStepOff')}
          </li>
          {account.must_change_password ? (
            <li className={styles.tagWarn}>{i18n._('staff.temporaryPassword')}</li>
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
                  ? i18n._('staff.disabledNotice', { name })
                  : i18n._('staff.enabledNotice', { name }),
              )
            }
            aria-label={
              account.is_active
                ? i18n._('staff.disableLabel', { name })
                : i18n._('staff.enableLabel', { name })
            }
          >
            {account.is_active ? i18n._('staff.disable') : i18n._('staff.enable')}
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
                  ? i18n._('staff.withdrawnNotice', { name })
                  : i18n._('staff.grantedNotice', { name }),
              )
            }
            aria-label={
              account.is_superuser
                ? i18n._('staff.withdrawLabel', { name })
                : i18n._('staff.makeLabel', { name })
            }
          >
            {account.is_superuser ? i18n._('staff.withdraw') : i18n._('staff.make')}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => setResetOpen(true)}
          aria-label={i18n._('staff.resetLabel', { name })}
        >
          {i18n._('staff.resetPassword')}
        </Button>
        {/* A lost phone: only another superuser can take the factor off (never one's own). */}
        {isSelf || !account.totp_enabled ? null : (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => setTwoStepOpen(true)}
            aria-label={i18n._('staff.resetTwoStepLabel', { name })}
          >
            {i18n._('staff.resetTwoStep')}
          </Button>
        )}
      </div>
      <ErrorBox className={styles.rowError}>{error}</ErrorBox>
      <ResetPasswordDialog
        username={name}
        open={resetOpen}
        onOpenChange={setResetOpen}
        onReset={async (password) => {
          const ok = await change(
            { reset_password: password },
            i18n._('staff.resetNotice', { name }),
          );
          if (ok) setResetOpen(false);
        }}
      />
      <ConfirmDialog
        open={twoStepOpen}
        onOpenChange={setTwoStepOpen}
        tone="danger"
        title={i18n._('staff.resetTwoStepTitle', { name })}
        description={i18n._('staff.resetTwoStepText')}
        cancelLabel={i18n._('staff.cancel')}
        confirmLabel={i18n._('staff.resetTwoStepConfirm')}
        busyLabel={i18n._('staff.resetting')}
        busy={busy}
        onConfirm={async () => {
          await change({ reset_second_factor: true }, i18n._('staff.resetTwoStepNotice', { name }));
          // Closed either way: a refusal shows in the row, next to the button that asked.
          setTwoStepOpen(false);
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
  const i18n = useAdminI18n();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const tooShort = password.length < TEMPORARY_PASSWORD_MIN_LENGTH;
  return (
    <Modal
      title={i18n._('staff.resetTitle', { username })}
      description={i18n._('staff.resetText')}
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
            {i18n._('staff.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            busy={busy}
            busyLabel={i18n._('staff.resetting')}
            disabled={tooShort}
          >
            {i18n._('staff.resetPassword')}
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
          label={i18n._('staff.newTemporaryPassword')}
          name="reset_password"
          autoComplete="new-password"
          hint={i18n._('staff.minLengthHint', { min: TEMPORARY_PASSWORD_MIN_LENGTH })}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </form>
    </Modal>
  );
}
