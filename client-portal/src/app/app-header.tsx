import { useLingui } from '@lingui/react';
import { Button } from '@loan-portal/ui-kit';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import styles from './app-header.module.css';
import { useRuntimeConfig } from './config-context';
import { useSession } from './session-context';

/** Shown only to signed-in users: product (or, on small screens, page) title, phone and logout. */
export function AppHeader() {
  const { i18n } = useLingui();
  const { productName } = useRuntimeConfig();
  const { user, logout } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const pageTitles: Record<string, string> = {
    '/dashboard': i18n._('header.title.dashboard'),
    '/register': i18n._('header.title.application'),
    '/payment': i18n._('header.title.payment'),
    '/status': i18n._('header.title.status'),
  };
  const pageTitle = pageTitles[pathname.replace(/\/+$/, '')] ?? productName;

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
          <LanguageSwitch />
          <span className={styles.phone}>
            <span className={styles.visuallyHidden}>{i18n._('header.signedInAs')} </span>
            {user?.phone_number || i18n._('header.user')}
          </span>
          <Button variant="secondary" size="sm" busy={busy} onClick={handleLogout}>
            {i18n._('header.logout')}
          </Button>
        </div>
      </div>
    </header>
  );
}
