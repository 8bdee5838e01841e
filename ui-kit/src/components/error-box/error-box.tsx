import type { ReactNode } from 'react';
import { knownText, useUiKitI18n } from '../../i18n/ui-kit-i18n';
import styles from './error-box.module.css';

export interface ErrorBoxProps {
  /**
   * The message, e.g. a server message or 'Failed to load profiles. Please try again.' A text that
   * is a message id of the app's catalogs ('payment.initFailed') is shown in the reader's language.
   */
  children?: ReactNode;
  title?: ReactNode;
  className?: string;
}

/** The red message box of spec section 8. Renders nothing without a message. */
export function ErrorBox({ children, title, className }: ErrorBoxProps) {
  const i18n = useUiKitI18n();
  if (children === null || children === undefined || children === false || children === '') {
    return null;
  }
  return (
    <div role="alert" className={[styles.box, className].filter(Boolean).join(' ')}>
      <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="9" fill="currentColor" />
        <path d="M10 5v6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        <circle cx="10" cy="14.5" r="1.2" fill="#fff" />
      </svg>
      <div className={styles.text}>
        {title ? <p className={styles.title}>{title}</p> : null}
        <div>{typeof children === 'string' ? knownText(i18n, children, children) : children}</div>
      </div>
    </div>
  );
}
