import {
  type FlaggedPayment,
  formatFee,
  getErrorMessage,
  RESOLUTION_NOTE_MAX_LENGTH,
} from '@loan-portal/api-client';
import { Button, ErrorBox, Modal } from '@loan-portal/ui-kit';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { messages } from '../../../locales/flagged.en';
import styles from './flagged-payments-page.module.css';

addAdminCatalog(messages);

export type ResolveMode = 'note' | 'refund';

export interface ResolveDialogProps {
  payment: FlaggedPayment | null;
  mode: ResolveMode;
  onDone(payment: FlaggedPayment): void;
  onCancel(): void;
}

/** The superuser's resolution: a note, or a refund through the payment provider with a note. */
export function ResolveDialog({ payment, mode, onDone, onCancel }: ResolveDialogProps) {
  const api = useApiClient();
  const i18n = useAdminI18n();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  // A new payment opens a fresh form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the payment changes
  useEffect(() => {
    setNote('');
    setTouched(false);
    setError('');
  }, [payment?.id, mode]);

  const tooShort = note.trim().length < 3;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!payment || tooShort || busy) return;
    setBusy(true);
    setError('');
    try {
      const request = { note: note.trim() };
      const resolved =
        mode === 'refund'
          ? await api.refundFlaggedPayment(payment.id, request)
          : await api.resolvePaymentFlag(payment.id, request);
      onDone(resolved);
    } catch (failure) {
      setError(getErrorMessage(failure, i18n._('flagged.resolveFailed')));
    } finally {
      setBusy(false);
    }
  }

  const refund = mode === 'refund';
  return (
    <Modal
      open={payment !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      preventClose={busy}
      title={refund ? i18n._('flagged.refundTitle') : i18n._('flagged.resolveTitle')}
      description={
        payment
          ? refund
            ? i18n._('flagged.refundText', {
                amount: formatFee(payment.received_amount),
                order: payment.order_id,
              })
            : i18n._('flagged.resolveText', {
                payment: payment.cf_payment_id,
                order: payment.order_id,
              })
          : undefined
      }
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <label htmlFor={noteId} className={styles.label}>
          {i18n._('flagged.note')}
        </label>
        <textarea
          id={noteId}
          className={styles.textarea}
          rows={3}
          value={note}
          maxLength={RESOLUTION_NOTE_MAX_LENGTH}
          aria-invalid={touched && tooShort ? true : undefined}
          aria-describedby={touched && tooShort ? `${noteId}-error` : undefined}
          onChange={(event) => setNote(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        {touched && tooShort ? (
          <p id={`${noteId}-error`} className={styles.fieldError} role="alert">
            {i18n._('flagged.noteRequired')}
          </p>
        ) : null}
        <ErrorBox>{error}</ErrorBox>
        <div className={styles.dialogButtons}>
          <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
            {i18n._('flagged.cancel')}
          </Button>
          <Button
            type="submit"
            variant={refund ? 'danger' : 'primary'}
            busy={busy}
            busyLabel={refund ? i18n._('flagged.refunding') : i18n._('flagged.saving')}
          >
            {refund ? i18n._('flagged.refundAction') : i18n._('flagged.resolve')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
