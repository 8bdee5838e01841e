import { LoadingScreen } from '@loan-portal/ui-kit';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import styles from './app-layout.module.css';
import { useRuntimeConfig } from './config-context';
import { useSession } from './session-context';

/**
 * The page frame: the header for signed-in users (with the language switch), or the switch
 * alone before sign-in, then the page (lazy pages load in place).
 */
export function AppLayout() {
  const { user } = useSession();
  const { productName } = useRuntimeConfig();
  return (
    <div className={styles.frame}>
      {user ? (
        <AppHeader />
      ) : (
        <div className={styles.topBar}>
          <LanguageSwitch />
        </div>
      )}
      <Suspense fallback={<LoadingScreen name={productName} />}>
        <Outlet />
      </Suspense>
      <AppFooter />
    </div>
  );
}
