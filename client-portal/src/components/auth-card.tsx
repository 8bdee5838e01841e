import type { ReactNode } from 'react';
import { useRuntimeConfig } from '../app/config-context';
import styles from './auth-card.module.css';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Extra content in the brand band, e.g. the login's 'Secure' badge. */
  badge?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card of the signed-out screens: product name, title, form, links. */
export function AuthCard({ title, subtitle, badge, children, footer }: AuthCardProps) {
  const { productName } = useRuntimeConfig();
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <p className={styles.product}>{productName}</p>
          {badge}
        </div>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {children}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </main>
  );
}
