import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditListParams,
  getErrorMessage,
  type Pagination,
} from '@loan-portal/api-client';
import { useEffect, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import { useAdminI18n } from '../../../app/i18n';

const EMPTY: Pagination = {
  current_page: 1,
  page_size: AUDIT_PAGE_SIZE,
  total_items: 0,
  total_pages: 0,
};

/** One page of the trail for the current filter; only the newest request may write. */
export function useAuditTrail(params: AuditListParams) {
  const api = useApiClient();
  const i18n = useAdminI18n();
  const [state, setState] = useState({
    loading: true,
    error: '',
    results: [] as AuditEntry[],
    pagination: EMPTY,
  });
  const { page, actor, action, applicant, from_date, to_date } = params;

  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: '' }));
    api
      .listAuditEntries({ page, actor, action, applicant, from_date, to_date })
      .then(({ results, pagination }) => {
        if (current) setState({ loading: false, error: '', results, pagination });
      })
      .catch((error: unknown) => {
        // A 400 names the filter at fault (a bad date, an unknown action): show it.
        if (current) {
          setState((previous) => ({
            ...previous,
            loading: false,
            results: [],
            pagination: EMPTY,
            error: getErrorMessage(error, i18n._('audit.loadFailed')),
          }));
        }
      });
    return () => {
      current = false;
    };
  }, [api, i18n, page, actor, action, applicant, from_date, to_date]);

  return state;
}
