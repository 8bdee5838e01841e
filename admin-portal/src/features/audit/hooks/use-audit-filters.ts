import { useCallback, useEffect, useState } from 'react';

export const TEXT_DEBOUNCE_MS = 500;

export interface AuditFilterValues {
  actor: string;
  action: string;
  applicant: string;
  from: string;
  to: string;
}

const EMPTY: AuditFilterValues = { actor: '', action: '', applicant: '', from: '', to: '' };

/**
 * What the audit screen filters by. Typed fields (actor, applicant) reach the query 500 ms after
 * the last key, like the applicants search; every change goes back to page 1.
 */
export function useAuditFilters() {
  const [input, setInput] = useState<AuditFilterValues>(EMPTY);
  const [applied, setApplied] = useState<AuditFilterValues>(EMPTY);
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (input.actor === applied.actor && input.applicant === applied.applicant) return;
    const timer = setTimeout(() => {
      setApplied((current) => ({ ...current, actor: input.actor, applicant: input.applicant }));
      setPage(1);
    }, TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input.actor, input.applicant, applied.actor, applied.applicant]);

  const set = useCallback((key: keyof AuditFilterValues, value: string) => {
    setInput((current) => ({ ...current, [key]: value }));
    // Chosen, not typed: applied at once.
    if (key === 'action' || key === 'from' || key === 'to') {
      setApplied((current) => ({ ...current, [key]: value }));
      setPage(1);
    }
  }, []);

  const reset = useCallback(() => {
    setInput(EMPTY);
    setApplied(EMPTY);
    setPage(1);
  }, []);

  return { input, applied, page, set, setPage, reset };
}
