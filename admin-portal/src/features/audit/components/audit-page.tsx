import {
  AUDIT_ACTION_LABELS,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  auditActionLabel,
} from '@loan-portal/api-client';
import {
  Button,
  EmptyState,
  ErrorBox,
  LoadingOverlay,
  Pagination,
  SelectField,
  TextField,
} from '@loan-portal/ui-kit';
import { saveAs } from 'file-saver';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApiClient } from '../../../app/api-client';
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatCount } from '../../../lib/format';
import { messages } from '../../../locales/audit.en';
import { useAuditFilters } from '../hooks/use-audit-filters';
import { useAuditTrail } from '../hooks/use-audit-trail';
import styles from './audit-page.module.css';

addAdminCatalog(messages);

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({
  value,
  label,
}));

const TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Asia/Kolkata',
});

const COLUMNS = [
  /*i18n*/ 'audit.column.time',
  /*i18n*/ 'audit.column.staff',
  /*i18n*/ 'audit.column.action',
  /*i18n*/ 'audit.column.applicant',
  /*i18n*/ 'audit.column.details',
  /*i18n*/ 'audit.column.from',
] as const;

function describeDetails(details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(
      ([key, value]) =>
        `${key.replaceAll('_', ' ')}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join(' · ');
}

/** /portal-admin/audit: the audit trail, read by a superuser (issue 15). */
export function AuditPage() {
  const i18n = useAdminI18n();
  const api = useApiClient();
  const filters = useAuditFilters();
  const { applied } = filters;
  const { loading, error, results, pagination } = useAuditTrail({
    page: filters.page,
    actor: applied.actor.trim(),
    action: applied.action,
    applicant: applied.applicant.trim(),
    from_date: applied.from,
    to_date: applied.to,
  });
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');

  async function exportEntries() {
    setExporting(true);
    setExportError('');
    try {
      const { blob, fileName } = await api.exportAuditEntries({
        actor: applied.actor.trim(),
        action: applied.action,
        applicant: applied.applicant.trim(),
        from_date: applied.from,
        to_date: applied.to,
      });
      saveAs(blob, fileName);
    } catch (failure) {
      console.error('Audit export failed', failure);
      setExportError(i18n._('audit.exportFailed'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{i18n._('audit.title')}</h1>
        <p className={styles.subtitle}>{i18n._('audit.subtitle')}</p>
      </header>

      <section className={styles.filters} aria-label={i18n._('audit.filters')}>
        <div className={styles.fields}>
          <TextField
            label={i18n._('audit.actor')}
            name="actor"
            autoComplete="off"
            value={filters.input.actor}
            onChange={(event) => filters.set('actor', event.target.value)}
          />
          <SelectField
            label={i18n._('audit.action')}
            name="action"
            placeholder={i18n._('audit.allActions')}
            options={ACTION_OPTIONS}
            value={filters.input.action}
            onChange={(event) => filters.set('action', event.target.value)}
          />
          <TextField
            label={i18n._('audit.applicant')}
            name="applicant"
            inputMode="numeric"
            autoComplete="off"
            value={filters.input.applicant}
            onChange={(event) => filters.set('applicant', event.target.value)}
          />
          <TextField
            label={i18n._('audit.from')}
            name="from_date"
            type="date"
            value={filters.input.from}
            max={filters.input.to || undefined}
            onChange={(event) => filters.set('from', event.target.value)}
          />
          <TextField
            label={i18n._('audit.to')}
            name="to_date"
            type="date"
            value={filters.input.to}
            min={filters.input.from || undefined}
            onChange={(event) => filters.set('to', event.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <p className={styles.hint}>{i18n._('audit.hint')}</p>
          <div className={styles.buttons}>
            <Button variant="secondary" disabled={loading} onClick={filters.reset}>
              {i18n._('audit.reset')}
            </Button>
            <Button
              busy={exporting}
              busyLabel={i18n._('audit.exporting')}
              disabled={loading || Boolean(error)}
              onClick={exportEntries}
            >
              {i18n._('audit.export')}
            </Button>
          </div>
        </div>
      </section>

      <ErrorBox className={styles.error}>{error || exportError}</ErrorBox>

      <section className={styles.list} aria-labelledby="audit-total">
        <h2 id="audit-total" className={styles.total}>
          {i18n._('audit.total', {
            total: formatCount(pagination.total_items),
            count: pagination.total_items,
          })}
        </h2>
        <LoadingOverlay loading={loading} label={i18n._('audit.loading')}>
          <ScrollRegion label={i18n._('audit.entries')} className={styles.tableScroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {i18n._(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {results.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className={styles.emptyCell}>
                      {loading ? null : <EmptyState title={i18n._('audit.empty')} />}
                    </td>
                  </tr>
                ) : (
                  results.map((entry) => (
                    <tr key={entry.id}>
                      <td className={styles.nowrap}>
                        <time dateTime={entry.created_at}>
                          {TIME.format(new Date(entry.created_at))}
                        </time>
                      </td>
                      <td className={styles.nowrap}>
                        {entry.actor?.username ?? (entry.actor ? `#${entry.actor.id}` : '—')}
                      </td>
                      <td>
                        <span className={styles.action}>{auditActionLabel(entry.action)}</span>
                        <span className={styles.code}>{entry.action}</span>
                      </td>
                      <td>
                        {entry.applicant_id !== null ? (
                          <Link
                            className={styles.link}
                            to={`/portal-admin/applicants/${entry.applicant_id}`}
                          >
                            #{entry.applicant_id}
                          </Link>
                        ) : (
                          (entry.subject ?? '—')
                        )}
                      </td>
                      <td className={styles.details}>{describeDetails(entry.details) || '—'}</td>
                      <td className={styles.nowrap}>{entry.ip}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </ScrollRegion>
        </LoadingOverlay>
        <Pagination
          className={styles.pagination}
          currentPage={pagination.current_page}
          totalPages={pagination.total_pages}
          totalItems={pagination.total_items}
          pageSize={pagination.page_size || AUDIT_PAGE_SIZE}
          loading={loading}
          onPageChange={filters.setPage}
        />
      </section>
    </main>
  );
}
