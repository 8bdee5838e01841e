import {
  type FlaggedPayment,
  formatFee,
  getErrorMessage,
  RESOLUTION_NOTE_MAX_LENGTH,
} from '@loan-portal/api-client';
import { Button, ErrorBox, Modal } from '@loan-portal/ui-kit';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import styles from './flagged-payments-page.module.css';

export type ResolveMode = 'note' | 'refund';

export interface ResolveDialogProps {
  payment: FlaggedPayment | null;
  mode: ResolveMode;
  onDone(payment: FlaggedPayment): void;
  onCancel(): void;
}

const NOTE_REQUIRED = 'Please write a note.';

/** The superuser's resolution: a note, or a refund through the payment provider with a note. */
export function ResolveDialog({ payment, mode, onDone, onCancel }: ResolveDialogProps) {
  const api = useApiClient();
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
      setError(getErrorMessage(failure, 'The payment could not be resolved. Please try again.'));
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
      title={refund ? 'Refund payment' : 'Resolve flagged payment'}
      description={
        payment
          ? refund
            ? `${formatFee(payment.received_amount)} goes back to the payer of order ${payment.order_id}.`
            : `Payment ${payment.cf_payment_id} of order ${payment.order_id} is closed with your note.`
          : undefined
      }
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <label htmlFor={noteId} className={styles.label}>
          Note
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
            {NOTE_REQUIRED}
          </p>
        ) : null}
        <ErrorBox>{error}</ErrorBox>
        <div className={styles.dialogButtons}>
          <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={refund ? 'danger' : 'primary'}
            busy={busy}
            busyLabel={refund ? 'Refunding...' : 'Saving...'}
          >
            {refund ? 'Refund' : 'Resolve'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
