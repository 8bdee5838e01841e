import type { FlaggedPayment, FlaggedPaymentsParams, Pagination } from '@loan-portal/api-client';
import { useCallback, useEffect, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import { useAdminI18n } from '../../../app/i18n';

export const FLAGS_PAGE_SIZE = 20;

const EMPTY: Pagination = {
  current_page: 1,
  page_size: FLAGS_PAGE_SIZE,
  total_items: 0,
  total_pages: 0,
};

/** One page of flagged payments; `replace` swaps in the row a resolution answered with. */
export function useFlaggedPayments(
  state: NonNullable<FlaggedPaymentsParams['state']>,
  page: number,
) {
  const api = useApiClient();
  const i18n = useAdminI18n();
  const [data, setData] = useState({
    loading: true,
    error: '',
    results: [] as FlaggedPayment[],
    pagination: EMPTY,
  });

  useEffect(() => {
    let current = true;
    setData((previous) => ({ ...previous, loading: true, error: '' }));
    api
      .listFlaggedPayments({ state, page, page_size: FLAGS_PAGE_SIZE })
      .then(({ results, pagination }) => {
        if (current) setData({ loading: false, error: '', results, pagination });
      })
      .catch((error: unknown) => {
        console.error('Failed to load flagged payments', error);
        if (current)
          setData((previous) => ({
            ...previous,
            loading: false,
            error: i18n._('flagged.loadFailed'),
          }));
      });
    return () => {
      current = false;
    };
  }, [api, i18n, state, page]);

  const replace = useCallback((payment: FlaggedPayment) => {
    setData((previous) => ({
      ...previous,
      results: previous.results.map((p) => (p.id === payment.id ? payment : p)),
    }));
  }, []);

  return { ...data, replace };
}
