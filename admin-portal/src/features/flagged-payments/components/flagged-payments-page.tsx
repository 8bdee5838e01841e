import { type FlaggedPayment, formatFee, PAYMENT_FLAG_LABELS } from '@loan-portal/api-client';
import {
  Button,
  EmptyState,
  ErrorBox,
  LoadingOverlay,
  Pagination,
  SelectField,
  StatusBadge,
} from '@loan-portal/ui-kit';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAdminSession } from '../../../app/admin-session';
import { formatCount } from '../../../lib/format';
import { FLAGS_PAGE_SIZE, useFlaggedPayments } from '../hooks/use-flagged-payments';
import styles from './flagged-payments-page.module.css';
import { ResolveDialog, type ResolveMode } from './resolve-dialog';

type Shown = 'open' | 'resolved' | 'all';

const SHOW_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

const TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Asia/Kolkata',
});

function at(iso: string | null): string {
  return iso ? `${TIME.format(new Date(iso))} IST` : 'Not given';
}

function money(amount: number, currency: string): string {
  return currency === 'INR' ? formatFee(amount) : `${amount.toFixed(2)} ${currency}`;
}

function Resolution({ payment }: { payment: FlaggedPayment }) {
  const resolution = payment.resolution;
  if (!resolution) return null;
  const who = resolution.resolved_by.username ?? `#${resolution.resolved_by.id}`;
  return (
    <div className={styles.resolution}>
      <p className={styles.resolutionTitle}>
        {resolution.resolution === 'refunded'
          ? `Refunded ${money(resolution.refund?.amount ?? payment.received_amount, payment.received_currency)}`
          : 'Resolved with a note'}{' '}
        by {who} on {at(resolution.resolved_at)}
      </p>
      {resolution.refund ? (
        <p className={styles.muted}>
          Refund {resolution.refund.refund_id}
          {resolution.refund.cf_refund_id ? ` (provider ${resolution.refund.cf_refund_id})` : ''}:{' '}
          {resolution.refund.status ?? 'status unknown'}
        </p>
      ) : null}
      <blockquote className={styles.note}>{resolution.note}</blockquote>
    </div>
  );
}

function FlagCard({
  payment,
  canResolve,
  onResolve,
}: {
  payment: FlaggedPayment;
  canResolve: boolean;
  onResolve(payment: FlaggedPayment, mode: ResolveMode): void;
}) {
  const titleId = `flag-${payment.id}`;
  const mismatch = payment.flag === 'amount_mismatch';
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHeader}>
        <h3 id={titleId} className={styles.cardTitle}>
          {PAYMENT_FLAG_LABELS[payment.flag]}
        </h3>
        <span className={payment.resolution ? styles.resolvedTag : styles.openTag}>
          {payment.resolution ? 'Resolved' : 'Open'}
        </span>
      </header>
      <dl className={styles.evidence}>
        <div>
          <dt>Order ID</dt>
          <dd className={styles.mono}>{payment.order_id}</dd>
        </div>
        <div>
          <dt>Payment ID</dt>
          <dd className={styles.mono}>{payment.cf_payment_id}</dd>
        </div>
        <div>
          <dt>Expected</dt>
          <dd>{money(payment.expected_amount, payment.expected_currency)}</dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd className={mismatch ? styles.mismatch : undefined}>
            {money(payment.received_amount, payment.received_currency)} ({payment.payment_status})
          </dd>
        </div>
        <div>
          <dt>Paid at</dt>
          <dd>{at(payment.completed_at ?? payment.payment_time)}</dd>
        </div>
        <div>
          <dt>Recorded at</dt>
          <dd>{at(payment.recorded_at)}</dd>
        </div>
        <div>
          <dt>Order opened</dt>
          <dd>{at(payment.order_created_at)}</dd>
        </div>
        <div>
          <dt>Application</dt>
          <dd className={styles.application}>
            <Link
              className={styles.link}
              to={`/portal-admin/applicants/${payment.registration.id}`}
            >
              #{payment.registration.id}
              {payment.registration.full_name ? ` ${payment.registration.full_name}` : ''}
            </Link>
            <StatusBadge status={payment.registration.status} vocabulary="registration" />
          </dd>
        </div>
      </dl>
      <Resolution payment={payment} />
      {canResolve && !payment.resolution ? (
        <div className={styles.cardActions}>
          {payment.refundable ? (
            <Button variant="danger" onClick={() => onResolve(payment, 'refund')}>
              Refund
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => onResolve(payment, 'note')}>
            Resolve with note
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** /portal-admin/flagged-payments: what settlement flagged, with its evidence (issue 15). */
export function FlaggedPaymentsPage() {
  const { user } = useAdminSession();
  const [shown, setShown] = useState<Shown>('open');
  const [page, setPage] = useState(1);
  const { loading, error, results, pagination, replace } = useFlaggedPayments(shown, page);
  const [resolving, setResolving] = useState<{ payment: FlaggedPayment; mode: ResolveMode } | null>(
    null,
  );
  const canResolve = user?.is_superuser === true;

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Flagged payments</h1>
        <p className={styles.subtitle}>
          Money the server recorded but did not simply accept: a wrong amount, a second payment for
          one application, or a success after a failure.
          {canResolve ? '' : ' A superuser resolves them.'}
        </p>
      </header>

      <section className={styles.toolbar} aria-label="Filters">
        <SelectField
          label="Show"
          name="state"
          options={SHOW_OPTIONS}
          value={shown}
          onChange={(event) => {
            setShown(event.target.value as Shown);
            setPage(1);
          }}
        />
      </section>

      <ErrorBox>{error}</ErrorBox>

      <section className={styles.list} aria-labelledby="flags-total">
        <h2 id="flags-total" className={styles.total}>
          {formatCount(pagination.total_items)}{' '}
          {pagination.total_items === 1 ? 'Payment' : 'Payments'}
        </h2>
        <LoadingOverlay loading={loading} label="Loading flagged payments...">
          {results.length === 0 ? (
            <div className={styles.empty}>
              {loading ? null : <EmptyState title="No flagged payments." />}
            </div>
          ) : (
            <div className={styles.cards}>
              {results.map((payment) => (
                <FlagCard
                  key={payment.id}
                  payment={payment}
                  canResolve={canResolve}
                  onResolve={(p, mode) => setResolving({ payment: p, mode })}
                />
              ))}
            </div>
          )}
        </LoadingOverlay>
        <Pagination
          currentPage={pagination.current_page}
          totalPages={pagination.total_pages}
          totalItems={pagination.total_items}
          pageSize={pagination.page_size || FLAGS_PAGE_SIZE}
          loading={loading}
          onPageChange={setPage}
        />
      </section>

      {canResolve ? (
        <ResolveDialog
          payment={resolving?.payment ?? null}
          mode={resolving?.mode ?? 'note'}
          onCancel={() => setResolving(null)}
          onDone={(payment) => {
            replace(payment);
            setResolving(null);
          }}
        />
      ) : null}
    </main>
  );
}
