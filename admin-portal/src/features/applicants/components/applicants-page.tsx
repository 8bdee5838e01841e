import type { ApplicantProfile, ExportProfilesParams } from '@loan-portal/api-client';
import {
  APPLICATION_STATUSES,
  DEFAULT_PAGE_SIZE,
  getErrorMessage,
  STATUS_LABELS,
} from '@loan-portal/api-client';
import {
  Button,
  ConfirmDialog,
  ErrorBox,
  LoadingOverlay,
  Pagination,
  SelectField,
  TextField,
} from '@loan-portal/ui-kit';
import { saveAs } from 'file-saver';
import { useState } from 'react';
import { useAdminSession } from '../../../app/admin-session';
import { useApiClient } from '../../../app/api-client';
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { messages } from '../../../locales/applicants.en';
import { useApplicantFilters } from '../hooks/use-applicant-filters';
import { useApplicants } from '../hooks/use-applicants';
import styles from './applicants-page.module.css';
import { ApplicantsTable } from './applicants-table';

addAdminCatalog(messages);

const STATUS_OPTIONS = APPLICATION_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));

export function ApplicantsPage() {
  const i18n = useAdminI18n();
  const api = useApiClient();
  const filters = useApplicantFilters();
  const { loading, error, results, pagination, reload } = useApplicants(filters);
  // Full numbers are a superuser's to ask for (issue 15); the server refuses staff anyway (403).
  const superuser = useAdminSession().user?.is_superuser === true;
  const [exporting, setExporting] = useState(false);
  const [fullExport, setFullExport] = useState<{ open: boolean; busy: boolean; error: string }>({
    open: false,
    busy: false,
    error: '',
  });
  const [pending, setPending] = useState<ApplicantProfile | null>(null);
  const [toggling, setToggling] = useState(false);

  /** The export answers the same question as the list: its dates, search and status. */
  async function downloadExport(fullNumbers: boolean) {
    const params: ExportProfilesParams = {
      from_date: filters.from,
      to_date: filters.to,
      search: filters.search.trim(),
      status: filters.status,
      ...(fullNumbers ? { full_numbers: 'true' } : {}),
    };
    const { blob, fileName } = await api.exportProfiles(params);
    saveAs(blob, fileName);
  }

  async function exportProfiles() {
    setExporting(true);
    try {
      await downloadExport(false);
    } catch (failure) {
      console.error('Export failed', failure);
    } finally {
      setExporting(false);
    }
  }

  /** Confirmed in the dialog: the file with full numbers, which the server writes to the audit log. */
  async function exportFullNumbers() {
    setFullExport({ open: true, busy: true, error: '' });
    try {
      await downloadExport(true);
      setFullExport({ open: false, busy: false, error: '' });
    } catch (failure) {
      // The dialog stays open with the reason (the server's, e.g. a 403, when it gives one).
      setFullExport({
        open: true,
        busy: false,
        error: getErrorMessage(failure, i18n._('applicants.exportFailed')),
      });
    }
  }

  async function confirmToggle() {
    const registrationId = pending?.registration?.id;
    if (registrationId === undefined) return;
    setToggling(true);
    try {
      await api.toggleDelivered(registrationId);
      reload();
    } catch (failure) {
      console.error('Failed to change the delivered status', failure);
    } finally {
      setToggling(false);
      setPending(null);
    }
  }

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{i18n._('applicants.title')}</h1>
        <p className={styles.subtitle}>{i18n._('applicants.subtitle')}</p>
      </header>

      <section className={styles.filters} aria-label={i18n._('applicants.filters')}>
        <div className={styles.fields}>
          <TextField
            className={styles.search}
            label={i18n._('applicants.search')}
            name="search"
            type="search"
            placeholder={i18n._('applicants.searchPlaceholder')}
            autoComplete="off"
            value={filters.searchInput}
            onChange={(event) => filters.setSearchInput(event.target.value)}
          />
          <TextField
            label={i18n._('applicants.from')}
            name="from_date"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => filters.setFrom(event.target.value)}
          />
          <TextField
            label={i18n._('applicants.to')}
            name="to_date"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => filters.setTo(event.target.value)}
          />
          <SelectField
            label={i18n._('applicants.status')}
            name="status"
            placeholder={i18n._('applicants.allStatuses')}
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(event) => filters.setStatus(event.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <p className={styles.hint}>{i18n._('applicants.hint')}</p>
          <div className={styles.buttons}>
            <Button variant="secondary" disabled={loading} onClick={filters.reset}>
              {i18n._('applicants.reset')}
            </Button>
            <Button
              busy={exporting}
              busyLabel={i18n._('applicants.exporting')}
              disabled={loading}
              onClick={exportProfiles}
            >
              {i18n._('applicants.export')}
            </Button>
            {superuser ? (
              <ConfirmDialog
                open={fullExport.open}
                onOpenChange={(open) => {
                  if (open) setFullExport({ open: true, busy: false, error: '' });
                }}
                trigger={
                  <Button variant="secondary" disabled={loading}>
                    {i18n._('applicants.exportFull')}
                  </Button>
                }
                tone="danger"
                title={i18n._('applicants.exportFullTitle')}
                description={i18n._('applicants.exportFullText')}
                cancelLabel={i18n._('applicants.cancel')}
                confirmLabel={i18n._('applicants.exportFullConfirm')}
                busy={fullExport.busy}
                busyLabel={i18n._('applicants.exporting')}
                onConfirm={exportFullNumbers}
                onCancel={() => setFullExport({ open: false, busy: false, error: '' })}
              >
                <ErrorBox>{fullExport.error}</ErrorBox>
              </ConfirmDialog>
            ) : null}
          </div>
        </div>
      </section>

      <ErrorBox className={styles.error}>{error}</ErrorBox>

      <section className={styles.list} aria-labelledby="applicants-total">
        <h2 id="applicants-total" className={styles.total}>
          {i18n._('applicants.total', { total: pagination.total_items })}
        </h2>
        <LoadingOverlay loading={loading} label={i18n._('applicants.loading')}>
          <ApplicantsTable
            profiles={results}
            loading={loading}
            onToggleDelivered={(profile) => setPending(profile)}
          />
        </LoadingOverlay>
        <Pagination
          className={styles.pagination}
          currentPage={pagination.current_page}
          totalPages={pagination.total_pages}
          totalItems={pagination.total_items}
          pageSize={pagination.page_size || DEFAULT_PAGE_SIZE}
          loading={loading}
          onPageChange={filters.setPage}
        />
      </section>

      <ConfirmDialog
        open={pending !== null}
        title={i18n._('applicants.confirmTitle')}
        description={i18n._('applicants.confirmText')}
        cancelLabel={i18n._('applicants.cancel')}
        confirmLabel={i18n._('applicants.confirm')}
        busy={toggling}
        onConfirm={confirmToggle}
        onCancel={() => setPending(null)}
      />
    </main>
  );
}
