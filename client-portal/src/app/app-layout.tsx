import { LoadingScreen } from '@loan-portal/ui-kit';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import styles from './app-layout.module.css';
import { useRuntimeConfig } from './config-context';
import { useSession } from './session-context';

/** The page frame: the header for signed-in users, then the page (lazy pages load in place). */
export function AppLayout() {
  const { user } = useSession();
  const { productName } = useRuntimeConfig();
  return (
    <div className={styles.frame}>
      {user ? <AppHeader /> : null}
      <Suspense fallback={<LoadingScreen name={productName} />}>
        <Outlet />
      </Suspense>
      <AppFooter />
    </div>
  );
}
