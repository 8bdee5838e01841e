import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The content column of a signed-in screen, centred and padded from 360 px up. */
export function Page({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <main className={`${styles.page} ${narrow ? styles.narrow : ''}`}>{children}</main>;
}
