import type { ApplicantProfile, Pagination } from '@loan-portal/api-client';
import { DEFAULT_PAGE_SIZE } from '@loan-portal/api-client';
import { useCallback, useEffect, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import { useAdminI18n } from '../../../app/i18n';

export interface ApplicantsQuery {
  page: number;
  search: string;
  from: string;
  to: string;
  /** '' for every status. */
  status?: string;
}

export interface ApplicantsState {
  loading: boolean;
  error: string;
  results: ApplicantProfile[];
  pagination: Pagination;
  /** Fetches the current page again (after a delivered toggle). */
  reload(): void;
}

const EMPTY_PAGINATION: Pagination = {
  current_page: 1,
  page_size: DEFAULT_PAGE_SIZE,
  total_items: 0,
  total_pages: 0,
};

/** The admin list; nothing is fetched until both dates are set (spec section 5). */
export function useApplicants({
  page,
  search,
  from,
  to,
  status = '',
}: ApplicantsQuery): ApplicantsState {
  const api = useApiClient();
  const i18n = useAdminI18n();
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState({
    loading: false,
    error: '',
    results: [] as ApplicantProfile[],
    pagination: EMPTY_PAGINATION,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` is a trigger, not an input
  useEffect(() => {
    if (!from || !to) return;
    // Only the newest request may write: a slow answer to an old filter must not overwrite a new one.
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: '' }));
    api
      .listProfiles({
        page,
        page_size: DEFAULT_PAGE_SIZE,
        search: search.trim(),
        from_date: from,
        to_date: to,
        status,
      })
      .then(({ results, pagination }) => {
        if (current) setState({ loading: false, error: '', results, pagination });
      })
      .catch((error: unknown) => {
        console.error('Failed to load profiles', error);
        if (current) {
          setState((previous) => ({
            ...previous,
            loading: false,
            error: i18n._('applicants.loadFailed'),
          }));
        }
      });
    return () => {
      current = false;
    };
  }, [api, i18n, page, search, from, to, status, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { ...state, reload };
}
