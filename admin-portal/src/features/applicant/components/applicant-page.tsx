import {
  type ApplicantDetail,
  type ApplicationStatus,
  formatFee,
  formatRupees,
  isLifecycleStatus,
  NOTE_MAX_LENGTH,
  REASON_MAX_LENGTH,
  REJECTION_REASON_MIN_LENGTH,
  STATUS_LABELS,
  TRANSITION_ACTION_LABELS,
} from '@loan-portal/api-client';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorBox,
  Spinner,
  StatusBadge,
  Timeline,
  type TimelineStep,
} from '@loan-portal/ui-kit';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { RevealableNumber } from '../../identity-masking/components/revealable-number';
import { useApplicant } from '../hooks/use-applicant';
import styles from './applicant-page.module.css';

function label(status: string | null): string {
  if (!status) return 'N/A';
  return isLifecycleStatus(status) ? STATUS_LABELS[status] : status;
}

function actionLabel(status: string): string {
  return isLifecycleStatus(status) ? TRANSITION_ACTION_LABELS[status] : status;
}

function orNA(value: string | number | null | undefined): string {
  return value === null || value === undefined || String(value).trim() === ''
    ? 'N/A'
    : String(value);
}

/** Staff's applicant page: every field, the payments, the history, notes, and the allowed moves. */
export function ApplicantPage() {
  // Read from the path, not useParams: the shell's shared router exports no useParams, and
  // adding one would grow every page's shell for this one screen.
  const { pathname } = useLocation();
  const registrationId = Number(/\/applicants\/(\d{1,10})\/?$/.exec(pathname)?.[1] ?? 0);
  const { loading, loadError, detail, transition, addNote } = useApplicant(registrationId);
  const [actionError, setActionError] = useState('');

  if (loading && !detail) {
    return (
      <div className={styles.centre}>
        <Spinner size="lg" label="Loading applicant..." />
      </div>
    );
  }
  if (!detail) {
    return (
      <main className={styles.page}>
        <BackLink />
        <EmptyState title={loadError || 'Application not found.'} />
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <BackLink />
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{detail.profile.full_name}</h1>
          <p className={styles.subtitle}>
            Application #{detail.id} · created {formatDateTime(detail.created_at)}
          </p>
        </div>
        <StatusBadge status={detail.status} vocabulary="registration" />
      </header>

      <ErrorBox>{actionError}</ErrorBox>

      <Actions
        detail={detail}
        onMove={async (to, reason) => {
          const message = await transition(to, reason);
          setActionError(message);
          return message;
        }}
      />

      <div className={styles.columns}>
        <Card title="Applicant details" className={styles.card}>
          <Details detail={detail} />
        </Card>
        <div className={styles.side}>
          <Card title="History" className={styles.card}>
            <History detail={detail} />
          </Card>
          <Card title="Payments" className={styles.card}>
            <Payments detail={detail} />
          </Card>
          <Card title="Internal notes" className={styles.card}>
            <Notes detail={detail} onAdd={addNote} />
          </Card>
        </div>
      </div>
    </main>
  );
}

function BackLink() {
  return (
    <Link to="/portal-admin/applicants" className={styles.back}>
      ← Back to Applicants
    </Link>
  );
}

function Details({ detail }: { detail: ApplicantDetail }) {
  const p = detail.profile;
  const rows: [string, ReactNode][] = [
    ['Full name', orNA(p.full_name)],
    ['Contact number', orNA(p.contact_number)],
    ['Alternative contact number', orNA(p.alternative_contact_number)],
    [
      'Aadhaar number',
      <RevealableNumber
        key="aadhaar"
        registrationId={detail.id}
        field="aadhaar_number"
        masked={p.aadhaar_number}
        label="Aadhaar number"
      />,
    ],
    ['PAN number', orNA(p.pan_number)],
    ['Loan amount', formatRupees(p.loan_amount)],
    ['Loan type', orNA(p.loan_type)],
    ['Bank name', orNA(p.bank_name)],
    [
      'Account number',
      <RevealableNumber
        key="account"
        registrationId={detail.id}
        field="account_number"
        masked={p.account_number}
        label="account number"
      />,
    ],
    [
      'IFSC',
      detail.ifsc_verified === false ? (
        <>
          {orNA(p.ifsc_code)}
          <span className={styles.flag}>
            {' '}
            Flagged: not in RBI's IFSC list (client confirmed it)
          </span>
        </>
      ) : (
        orNA(p.ifsc_code)
      ),
    ],
    ['Address', orNA(p.full_address)],
    ['City', orNA(p.city)],
    ['State', orNA(p.state)],
    ['PIN code', orNA(p.pin_code)],
    ['Submitted at', formatDateTime(detail.submitted_at)],
    ['Delivered', detail.delivered ? 'Yes' : 'No'],
    [
      'Consent',
      detail.consent
        ? `Privacy notice ${detail.consent.notice_version}, ${formatDateTime(detail.consent.given_at)}`
        : 'N/A',
    ],
  ];
  return (
    <dl className={styles.details}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.detail}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function History({ detail }: { detail: ApplicantDetail }) {
  const last = detail.history.length - 1;
  const steps: TimelineStep[] = detail.history.map((entry, index) => ({
    // A status can be reached twice (returned to the queue), so the position keeps keys unique.
    id: `${index}-${entry.to}`,
    label: entry.from ? `${label(entry.from)} → ${label(entry.to)}` : label(entry.to),
    state: index < last ? 'done' : entry.to === 'rejected' ? 'failed' : 'current',
    time: `${formatDateTime(entry.at)} · ${entry.by ?? 'System'}`,
    detail: entry.reason ? `Reason: ${entry.reason}` : undefined,
  }));
  return <Timeline steps={steps} label="Status history" />;
}

function Payments({ detail }: { detail: ApplicantDetail }) {
  if (detail.payments.length === 0) return <p className={styles.muted}>No payments yet.</p>;
  return (
    <ul className={styles.payments}>
      {detail.payments.map((payment) => (
        <li key={payment.payment_id} className={styles.payment}>
          <p className={styles.stepTitle}>
            {formatFee(payment.amount)} · {payment.status}
            {payment.flag ? (
              <span className={styles.flag}> Flagged: {payment.flag.replace(/_/g, ' ')}</span>
            ) : null}
          </p>
          <p className={styles.stepMeta}>Payment ID: {payment.payment_id}</p>
          <p className={styles.stepMeta}>Order ID: {payment.order_id}</p>
          <p className={styles.stepMeta}>{formatDateTime(payment.at)}</p>
        </li>
      ))}
    </ul>
  );
}

function Notes({
  detail,
  onAdd,
}: {
  detail: ApplicantDetail;
  onAdd(text: string): Promise<string>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!text.trim()) {
      setError('Please write the note.');
      return;
    }
    setSaving(true);
    const message = await onAdd(text);
    setSaving(false);
    setError(message);
    if (!message) setText('');
  }

  return (
    <div className={styles.notes}>
      <p className={styles.muted}>Internal notes are never shown to the applicant.</p>
      <form onSubmit={submit} className={styles.noteForm} noValidate>
        <label htmlFor={id} className={styles.label}>
          New note
        </label>
        <textarea
          id={id}
          className={styles.textarea}
          value={text}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
        />
        <ErrorBox>{error}</ErrorBox>
        <Button type="submit" variant="secondary" busy={saving} busyLabel="Saving...">
          Add note
        </Button>
      </form>
      {detail.notes.length === 0 ? (
        <p className={styles.muted}>No notes yet.</p>
      ) : (
        <ul className={styles.noteList}>
          {detail.notes.map((note) => (
            <li key={note.id} className={styles.note}>
              <p className={styles.noteText}>{note.text}</p>
              <p className={styles.stepMeta}>
                {note.by ?? 'Unknown'} · {formatDateTime(note.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Actions({
  detail,
  onMove,
}: {
  detail: ApplicantDetail;
  onMove(to: ApplicationStatus, reason?: string): Promise<string>;
}) {
  const [pending, setPending] = useState<ApplicationStatus | null>(null);
  const [reason, setReason] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  if (detail.allowed_transitions.length === 0) {
    return <p className={styles.muted}>No further moves from {label(detail.status)}.</p>;
  }

  const rejecting = pending === 'rejected';
  const reasonShort = reason.trim().length < REJECTION_REASON_MIN_LENGTH;
  const reasonError = `Please give a reason of at least ${REJECTION_REASON_MIN_LENGTH} characters.`;

  async function confirm() {
    if (!pending || busy) return;
    if (rejecting && reasonShort) {
      setReasonTouched(true);
      return;
    }
    setBusy(true);
    await onMove(pending, rejecting ? reason.trim() : undefined);
    setBusy(false);
    setPending(null);
    setReason('');
    setReasonTouched(false);
  }

  return (
    <section className={styles.actions} aria-label="Actions">
      {detail.allowed_transitions.map((to) => (
        <Button
          key={to}
          variant={to === 'rejected' ? 'danger' : to === 'paid' ? 'secondary' : 'primary'}
          onClick={() => setPending(to)}
        >
          {actionLabel(to)}
        </Button>
      ))}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `${actionLabel(pending)}?` : ''}
        description={
          pending
            ? // Every staff move is announced (status-sms.ts), a return to the queue included.
              `This moves the application from ${label(detail.status)} to ${label(pending)}. The applicant is told by SMS.`
            : undefined
        }
        confirmLabel={pending ? actionLabel(pending) : 'Confirm'}
        cancelLabel="Cancel"
        busy={busy}
        busyLabel="Saving..."
        tone={rejecting ? 'danger' : 'primary'}
        onConfirm={confirm}
        onCancel={() => {
          setPending(null);
          setReason('');
          setReasonTouched(false);
        }}
      >
        {rejecting ? (
          <div className={styles.reason}>
            <label htmlFor={reasonId} className={styles.label}>
              Reason (shown to the applicant)
            </label>
            <textarea
              id={reasonId}
              className={styles.textarea}
              value={reason}
              rows={3}
              maxLength={REASON_MAX_LENGTH}
              aria-invalid={reasonTouched && reasonShort ? true : undefined}
              aria-describedby={reasonTouched && reasonShort ? `${reasonId}-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => setReasonTouched(true)}
            />
            {reasonTouched && reasonShort ? (
              <p id={`${reasonId}-error`} className={styles.fieldError} role="alert">
                {reasonError}
              </p>
            ) : null}
          </div>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
