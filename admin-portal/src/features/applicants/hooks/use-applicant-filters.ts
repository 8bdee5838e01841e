import { useCallback, useEffect, useState } from 'react';
import { kolkataDate, oneMonthBefore } from '../../../lib/format';

export const SEARCH_DEBOUNCE_MS = 500;

export interface DateRange {
  from: string;
  to: string;
}

/** One month before today to today, as YYYY-MM-DD Kolkata days (spec section 9). */
export function defaultDateRange(now: Date = new Date()): DateRange {
  const to = kolkataDate(now);
  return { from: oneMonthBefore(to), to };
}

export interface ApplicantFilters {
  /** What is typed in the search box right now. */
  searchInput: string;
  /** The search the list uses: the input after 500 ms without typing. */
  search: string;
  from: string;
  to: string;
  /** One status, or '' for every status. */
  status: string;
  page: number;
  setSearchInput(value: string): void;
  setStatus(value: string): void;
  setFrom(value: string): void;
  setTo(value: string): void;
  setPage(page: number): void;
  /** Default dates, empty search, every status, page 1. */
  reset(): void;
}

/** The filter state of spec section 5: debounced search and date changes go back to page 1. */
export function useApplicantFilters(): ApplicantFilters {
  const [range, setRange] = useState(defaultDateRange);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [status, setStatusValue] = useState('');

  useEffect(() => {
    if (searchInput === search) return;
    const timer = setTimeout(() => {
      setSearch(searchInput);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search]);

  const setFrom = useCallback((from: string) => {
    setRange((current) => ({ ...current, from }));
    setPage(1);
  }, []);

  const setTo = useCallback((to: string) => {
    setRange((current) => ({ ...current, to }));
    setPage(1);
  }, []);

  const setStatus = useCallback((value: string) => {
    setStatusValue(value);
    setPage(1);
  }, []);

  const reset = useCallback(() => {
    setRange(defaultDateRange());
    setStatusValue('');
    setSearchInput('');
    setSearch('');
    setPage(1);
  }, []);

  return {
    searchInput,
    search,
    from: range.from,
    to: range.to,
    status,
    page,
    setSearchInput,
    setStatus,
    setFrom,
    setTo,
    setPage,
    reset,
  };
}
