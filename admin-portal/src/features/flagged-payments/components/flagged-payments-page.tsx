import type { I18n } from '@lingui/core';
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
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { formatCount } from '../../../lib/format';
import { messages } from '../../../locales/flagged.en';
import { FLAGS_PAGE_SIZE, useFlaggedPayments } from '../hooks/use-flagged-payments';
import styles from './flagged-payments-page.module.css';
import { ResolveDialog, type ResolveMode } from './resolve-dialog';

addAdminCatalog(messages);

type Shown = 'open' | 'resolved' | 'all';

const SHOW_OPTIONS = [
  { value: 'open', label: /*i18n*/ 'flagged.open' },
  { value: 'resolved', label: /*i18n*/ 'flagged.resolved' },
  { value: 'all', label: /*i18n*/ 'flagged.all' },
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

function at(i18n: I18n, iso: string | null): string {
  return iso
    ? i18n._('flagged.time', { time: TIME.format(new Date(iso)) })
    : i18n._('flagged.notGiven');
}

function money(amount: number, currency: string): string {
  return currency === 'INR' ? formatFee(amount) : `${amount.toFixed(2)} ${currency}`;
}

function Resolution({ payment }: { payment: FlaggedPayment }) {
  const i18n = useAdminI18n();
  const resolution = payment.resolution;
  if (!resolution) return null;
  const who = resolution.resolved_by.username ?? `#${resolution.resolved_by.id}`;
  const refundValues = resolution.refund
    ? {
        id: resolution.refund.refund_id,
        provider: resolution.refund.cf_refund_id,
        status: resolution.refund.status ?? i18n._('flagged.statusUnknown'),
      }
    : {};
  return (
    <div className={styles.resolution}>
      <p className={styles.resolutionTitle}>
        {resolution.resolution === 'refunded'
          ? i18n._('flagged.refundedBy', {
              amount: money(
                resolution.refund?.amount ?? payment.received_amount,
                payment.received_currency,
              ),
              who,
              at: at(i18n, resolution.resolved_at),
            })
          : i18n._('flagged.resolvedBy', { who, at: at(i18n, resolution.resolved_at) })}
      </p>
      {resolution.refund ? (
        <p className={styles.muted}>
          {resolution.refund.cf_refund_id
            ? i18n._('flagged.refundWithProvider', refundValues)
            : i18n._('flagged.refund', refundValues)}
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
  const i18n = useAdminI18n();
  const titleId = `flag-${payment.id}`;
  const mismatch = payment.flag === 'amount_mismatch';
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHeader}>
        <h3 id={titleId} className={styles.cardTitle}>
          {PAYMENT_FLAG_LABELS[payment.flag]}
        </h3>
        <span className={payment.resolution ? styles.resolvedTag : styles.openTag}>
          {payment.resolution ? i18n._('flagged.resolved') : i18n._('flagged.open')}
        </span>
      </header>
      <dl className={styles.evidence}>
        <div>
          <dt>{i18n._('flagged.orderId')}</dt>
          <dd className={styles.mono}>{payment.order_id}</dd>
        </div>
        <div>
          <dt>{i18n._('flagged.paymentId')}</dt>
          <dd className={styles.mono}>{payment.cf_payment_id}</dd>
        </div>
        <div>
          <dt>{i18n._('flagged.expected')}</dt>
          <dd>{money(payment.expected_amount, payment.expected_currency)}</dd>
        </div>
        <div>
          <dt>{i18n._('flagged.received')}</dt>
          <dd className={mismatch ? styles.mismatch : undefined}>
            {money(payment.received_amount, payment.received_currency)} ({payment.payment_status})
          </dd>
        </div>
        <div>
          <dt>{i18n._('flagged.paidAt')}</dt>
          <dd>{at(i18n, payment.completed_at ?? payment.payment_time)}</dd>
        </div>
        <div>
          <dt>{i18n._('flagged.recordedAt')}</dt>
          <dd>{at(i18n, payment.recorded_at)}</dd>
        </div>
        <div>
          <dt>{i18n._('flagged.orderOpened')}</dt>
          <dd>{at(i18n, payment.order_created_at)}</dd>
        </div>
        <div>
          <dt>{i18n._('flagged.application')}</dt>
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
              {i18n._('flagged.refundAction')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => onResolve(payment, 'note')}>
            {i18n._('flagged.resolveAction')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** /portal-admin/flagged-payments: what settlement flagged, with its evidence (issue 15). */
export function FlaggedPaymentsPage() {
  const i18n = useAdminI18n();
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
        <h1 className={styles.title}>{i18n._('flagged.title')}</h1>
        <p className={styles.subtitle}>
          {canResolve ? i18n._('flagged.subtitle') : i18n._('flagged.subtitleStaff')}
        </p>
      </header>

      <section className={styles.toolbar} aria-label={i18n._('flagged.filters')}>
        <SelectField
          label={i18n._('flagged.show')}
          name="state"
          options={SHOW_OPTIONS.map((option) => ({ ...option, label: i18n._(option.label) }))}
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
          {i18n._('flagged.total', {
            total: formatCount(pagination.total_items),
            count: pagination.total_items,
          })}
        </h2>
        <LoadingOverlay loading={loading} label={i18n._('flagged.loading')}>
          {results.length === 0 ? (
            <div className={styles.empty}>
              {loading ? null : <EmptyState title={i18n._('flagged.empty')} />}
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
