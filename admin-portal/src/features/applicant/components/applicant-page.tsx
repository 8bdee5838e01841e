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
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { formatDateTime } from '../../../lib/format';
import { messages } from '../../../locales/applicant.en';
import { RevealableNumber } from '../../identity-masking/components/revealable-number';
import { useApplicant } from '../hooks/use-applicant';
import styles from './applicant-page.module.css';

addAdminCatalog(messages);

function label(status: string | null, na: string): string {
  if (!status) return na;
  return isLifecycleStatus(status) ? STATUS_LABELS[status] : status;
}

function actionLabel(status: string): string {
  return isLifecycleStatus(status) ? TRANSITION_ACTION_LABELS[status] : status;
}

function orNA(value: string | number | null | undefined, na: string): string {
  return value === null || value === undefined || String(value).trim() === '' ? na : String(value);
}

/** Staff's applicant page: every field, the payments, the history, notes, and the allowed moves. */
export function ApplicantPage() {
  const i18n = useAdminI18n();
  // Read from the path, not useParams: the shell's shared router exports no useParams, and
  // adding one would grow every page's shell for this one screen.
  const { pathname } = useLocation();
  const registrationId = Number(/\/applicants\/(\d{1,10})\/?$/.exec(pathname)?.[1] ?? 0);
  const { loading, loadError, detail, transition, addNote } = useApplicant(registrationId);
  const [actionError, setActionError] = useState('');

  if (loading && !detail) {
    return (
      <div className={styles.centre}>
        <Spinner size="lg" label={i18n._('applicant.loading')} />
      </div>
    );
  }
  if (!detail) {
    return (
      <main className={styles.page}>
        <BackLink />
        <EmptyState title={loadError || i18n._('applicant.notFound')} />
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
            {i18n._('applicant.subtitle', {
              id: detail.id,
              created: formatDateTime(detail.created_at),
            })}
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
        <Card title={i18n._('applicant.details')} className={styles.card}>
          <Details detail={detail} />
        </Card>
        <div className={styles.side}>
          <Card title={i18n._('applicant.history')} className={styles.card}>
            <History detail={detail} />
          </Card>
          <Card title={i18n._('applicant.payments')} className={styles.card}>
            <Payments detail={detail} />
          </Card>
          <Card title={i18n._('applicant.notes')} className={styles.card}>
            <Notes detail={detail} onAdd={addNote} />
          </Card>
        </div>
      </div>
    </main>
  );
}

function BackLink() {
  const i18n = useAdminI18n();
  return (
    <Link to="/portal-admin/applicants" className={styles.back}>
      {i18n._('applicant.back')}
    </Link>
  );
}

function Details({ detail }: { detail: ApplicantDetail }) {
  const i18n = useAdminI18n();
  const na = i18n._('applicant.notAvailable');
  const p = detail.profile;
  const rows: [string, ReactNode][] = [
    [i18n._('applicant.field.fullName'), orNA(p.full_name, na)],
    [i18n._('applicant.field.contactNumber'), orNA(p.contact_number, na)],
    [i18n._('applicant.field.alternativeContact'), orNA(p.alternative_contact_number, na)],
    [
      i18n._('applicant.field.aadhaar'),
      <RevealableNumber
        key="aadhaar"
        registrationId={detail.id}
        field="aadhaar_number"
        masked={p.aadhaar_number}
        label={i18n._('applicant.field.aadhaar')}
      />,
    ],
    [i18n._('applicant.field.pan'), orNA(p.pan_number, na)],
    [i18n._('applicant.field.loanAmount'), formatRupees(p.loan_amount)],
    [i18n._('applicant.field.loanType'), orNA(p.loan_type, na)],
    [i18n._('applicant.field.bankName'), orNA(p.bank_name, na)],
    [
      i18n._('applicant.field.accountNumber'),
      <RevealableNumber
        key="account"
        registrationId={detail.id}
        field="account_number"
        masked={p.account_number}
        label={i18n._('applicant.accountNumberName')}
      />,
    ],
    [
      i18n._('applicant.field.ifsc'),
      detail.ifsc_verified === false ? (
        <>
          {orNA(p.ifsc_code, na)}
          <span className={styles.flag}> {i18n._('applicant.ifscFlagged')}</span>
        </>
      ) : (
        orNA(p.ifsc_code, na)
      ),
    ],
    [i18n._('applicant.field.address'), orNA(p.full_address, na)],
    [i18n._('applicant.field.city'), orNA(p.city, na)],
    [i18n._('applicant.field.state'), orNA(p.state, na)],
    [i18n._('applicant.field.pinCode'), orNA(p.pin_code, na)],
    [i18n._('applicant.field.submittedAt'), formatDateTime(detail.submitted_at)],
    [
      i18n._('applicant.field.delivered'),
      detail.delivered ? i18n._('applicant.yes') : i18n._('applicant.no'),
    ],
    [
      i18n._('applicant.field.consent'),
      detail.consent
        ? i18n._('applicant.consentGiven', {
            version: detail.consent.notice_version,
            at: formatDateTime(detail.consent.given_at),
          })
        : na,
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
  const i18n = useAdminI18n();
  const na = i18n._('applicant.notAvailable');
  const last = detail.history.length - 1;
  const steps: TimelineStep[] = detail.history.map((entry, index) => ({
    // A status can be reached twice (returned to the queue), so the position keeps keys unique.
    id: `${index}-${entry.to}`,
    label: entry.from ? `${label(entry.from, na)} → ${label(entry.to, na)}` : label(entry.to, na),
    state: index < last ? 'done' : entry.to === 'rejected' ? 'failed' : 'current',
    time: `${formatDateTime(entry.at)} · ${entry.by ?? i18n._('applicant.system')}`,
    detail: entry.reason ? i18n._('applicant.reason', { reason: entry.reason }) : undefined,
  }));
  return <Timeline steps={steps} label={i18n._('applicant.statusHistory')} />;
}

function Payments({ detail }: { detail: ApplicantDetail }) {
  const i18n = useAdminI18n();
  if (detail.payments.length === 0) {
    return <p className={styles.muted}>{i18n._('applicant.noPayments')}</p>;
  }
  return (
    <ul className={styles.payments}>
      {detail.payments.map((payment) => (
        <li key={payment.payment_id} className={styles.payment}>
          <p className={styles.stepTitle}>
            {formatFee(payment.amount)} · {payment.status}
            {payment.flag ? (
              <span className={styles.flag}>
                {' '}
                {i18n._('applicant.paymentFlagged', { flag: payment.flag.replace(/_/g, ' ') })}
              </span>
            ) : null}
          </p>
          <p className={styles.stepMeta}>
            {i18n._('applicant.paymentId', { id: payment.payment_id })}
          </p>
          <p className={styles.stepMeta}>{i18n._('applicant.orderId', { id: payment.order_id })}</p>
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
  const i18n = useAdminI18n();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!text.trim()) {
      setError(i18n._('applicant.noteRequired'));
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
      <p className={styles.muted}>{i18n._('applicant.notesHint')}</p>
      <form onSubmit={submit} className={styles.noteForm} noValidate>
        <label htmlFor={id} className={styles.label}>
          {i18n._('applicant.newNote')}
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
        <Button
          type="submit"
          variant="secondary"
          busy={saving}
          busyLabel={i18n._('applicant.saving')}
        >
          {i18n._('applicant.addNote')}
        </Button>
      </form>
      {detail.notes.length === 0 ? (
        <p className={styles.muted}>{i18n._('applicant.noNotes')}</p>
      ) : (
        <ul className={styles.noteList}>
          {detail.notes.map((note) => (
            <li key={note.id} className={styles.note}>
              <p className={styles.noteText}>{note.text}</p>
              <p className={styles.stepMeta}>
                {note.by ?? i18n._('applicant.unknown')} · {formatDateTime(note.at)}
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
  const i18n = useAdminI18n();
  const na = i18n._('applicant.notAvailable');
  const [pending, setPending] = useState<ApplicationStatus | null>(null);
  const [reason, setReason] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  if (detail.allowed_transitions.length === 0) {
    return (
      <p className={styles.muted}>
        {i18n._('applicant.noMoves', { status: label(detail.status, na) })}
      </p>
    );
  }

  const rejecting = pending === 'rejected';
  const reasonShort = reason.trim().length < REJECTION_REASON_MIN_LENGTH;
  const reasonError = i18n._('applicant.reasonShort', { min: REJECTION_REASON_MIN_LENGTH });

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
    <section className={styles.actions} aria-label={i18n._('applicant.actions')}>
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
        title={pending ? i18n._('applicant.confirmTitle', { action: actionLabel(pending) }) : ''}
        description={
          pending
            ? // Every staff move is announced (status-sms.ts), a return to the queue included.
              i18n._('applicant.confirmText', {
                from: label(detail.status, na),
                to: label(pending, na),
              })
            : undefined
        }
        confirmLabel={pending ? actionLabel(pending) : i18n._('applicant.confirm')}
        cancelLabel={i18n._('applicant.cancel')}
        busy={busy}
        busyLabel={i18n._('applicant.saving')}
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
              {i18n._('applicant.reasonLabel')}
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
