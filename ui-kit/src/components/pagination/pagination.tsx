import { useUiKitI18n } from '../../i18n/ui-kit-i18n';
import { Button } from '../button/button';
import styles from './pagination.module.css';

export interface PaginationProps {
  /** 1-based, as the API's `current_page`. */
  currentPage: number;
  totalPages: number;
  totalItems: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** While a page loads, both buttons are disabled. */
  loading?: boolean;
  label?: string;
  className?: string;
}

/** Prev/Next paging of spec section 2; renders nothing when everything fits on one page. */
export function Pagination({
  currentPage,
  totalPages,
  totalItems,
  pageSize,
  onPageChange,
  loading = false,
  label,
  className,
}: PaginationProps) {
  const i18n = useUiKitI18n();
  if (totalPages <= 1) return null;
  const from = totalItems === 0 ? 0 : (currentPage - 1) * pageSize + 1;
  const to = Math.min(currentPage * pageSize, totalItems);
  return (
    <nav
      aria-label={label ?? i18n._('ui.pagination.label')}
      className={[styles.pagination, className].filter(Boolean).join(' ')}
    >
      <p className={styles.summary}>
        {i18n._('ui.pagination.summary', { from, to, total: totalItems })}
      </p>
      <div className={styles.controls}>
        <Button
          variant="secondary"
          size="sm"
          disabled={loading || currentPage <= 1}
          onClick={() => onPageChange(currentPage - 1)}
        >
          {i18n._('ui.pagination.prev')}
        </Button>
        <span className={styles.page}>
          {i18n._('ui.pagination.page', { page: currentPage, pages: totalPages })}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={loading || currentPage >= totalPages}
          onClick={() => onPageChange(currentPage + 1)}
        >
          {i18n._('ui.pagination.next')}
        </Button>
      </div>
    </nav>
  );
}
