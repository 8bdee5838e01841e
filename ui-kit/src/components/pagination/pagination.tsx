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
  label = 'Pagination',
  className,
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const from = totalItems === 0 ? 0 : (currentPage - 1) * pageSize + 1;
  const to = Math.min(currentPage * pageSize, totalItems);
  return (
    <nav aria-label={label} className={[styles.pagination, className].filter(Boolean).join(' ')}>
      <p className={styles.summary}>
        Showing {from} to {to} of {totalItems} results
      </p>
      <div className={styles.controls}>
        <Button
          variant="secondary"
          size="sm"
          disabled={loading || currentPage <= 1}
          onClick={() => onPageChange(currentPage - 1)}
        >
          Prev
        </Button>
        <span className={styles.page}>
          Page {currentPage} of {totalPages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={loading || currentPage >= totalPages}
          onClick={() => onPageChange(currentPage + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
