import { Button } from '@loan-portal/ui-kit';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import styles from './app-header.module.css';
import { useRuntimeConfig } from './config-context';
import { useSession } from './session-context';

const PAGE_TITLES: Record<string, string> = {
  '/dashboard': 'Dashboard',
  '/register': 'Application',
  '/payment': 'Payment',
  '/status': 'Status',
};

/** Shown only to signed-in users: product (or, on small screens, page) title, phone and logout. */
export function AppHeader() {
  const { productName } = useRuntimeConfig();
  const { user, logout } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const pageTitle = PAGE_TITLES[pathname.replace(/\/+$/, '')] ?? productName;

  const handleLogout = async () => {
    setBusy(true);
    await logout();
    setBusy(false);
    navigate('/login', { replace: true });
  };

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <p className={styles.brand}>
          <span className={styles.wide}>{productName}</span>
          <span className={styles.narrow}>{pageTitle}</span>
        </p>
        <div className={styles.account}>
          <span className={styles.phone}>
            <span className={styles.visuallyHidden}>Signed in as </span>
            {user?.phone_number || 'User'}
          </span>
          <Button variant="secondary" size="sm" busy={busy} onClick={handleLogout}>
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
