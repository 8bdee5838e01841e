import type { ApplicantProfile, ExportProfilesParams } from '@loan-portal/api-client';
import { APPLICATION_STATUSES, DEFAULT_PAGE_SIZE, STATUS_LABELS } from '@loan-portal/api-client';
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
  const [exporting, setExporting] = useState(false);
  const [pending, setPending] = useState<ApplicantProfile | null>(null);
  const [toggling, setToggling] = useState(false);

  async function exportProfiles() {
    setExporting(true);
    try {
      // The export answers the same question as the list: its dates, search and status.
      const params: ExportProfilesParams = {
        from_date: filters.from,
        to_date: filters.to,
        search: filters.search.trim(),
        status: filters.status,
      };
      const { blob, fileName } = await api.exportProfiles(params);
      saveAs(blob, fileName);
    } catch (failure) {
      console.error('Export failed', failure);
    } finally {
      setExporting(false);
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
