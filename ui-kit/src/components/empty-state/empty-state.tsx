import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** e.g. 'No profiles found.' or 'No Application Found'. */
  title: ReactNode;
  description?: ReactNode;
  /** A call to action, e.g. a 'Start New Application' Button. */
  action?: ReactNode;
  /** Heading level of the title, or 'p' when the title is not a heading in the page outline. */
  titleAs?: 'h2' | 'h3' | 'p';
  className?: string;
}

/** What a list or page shows when there is nothing to show yet. */
export function EmptyState({
  title,
  description,
  action,
  titleAs: Title = 'p',
  className,
}: EmptyStateProps) {
  return (
    <div className={[styles.empty, className].filter(Boolean).join(' ')}>
      <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <rect
          x="8"
          y="6"
          width="32"
          height="36"
          rx="4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
        <path
          d="M16 17h16M16 24h16M16 31h9"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      <Title className={styles.title}>{title}</Title>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
