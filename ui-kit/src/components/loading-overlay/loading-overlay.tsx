import type { ReactNode } from 'react';
import { useUiKitI18n } from '../../i18n/ui-kit-i18n';
import { Spinner } from '../spinner/spinner';
import styles from './loading-overlay.module.css';

export interface LoadingOverlayProps {
  /** While true, the region is marked aria-busy and covered by a translucent layer. */
  loading: boolean;
  /** Announced while loading. */
  label?: string;
  children: ReactNode;
  className?: string;
}

/**
 * Covers a region (e.g. the applicants table) while it refetches, keeping the old rows visible
 * underneath so the layout does not jump.
 */
export function LoadingOverlay({ loading, label, children, className }: LoadingOverlayProps) {
  const i18n = useUiKitI18n();
  return (
    <div className={[styles.region, className].filter(Boolean).join(' ')} aria-busy={loading}>
      {/* inert keeps keyboard users out of rows that are about to be replaced */}
      <div className={styles.content} inert={loading}>
        {children}
      </div>
      {loading ? (
        <div className={styles.overlay}>
          <div className={styles.indicator}>
            <Spinner size="md" />
            <span role="status" className={styles.label}>
              {label ?? i18n._('ui.loading')}
            </span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
