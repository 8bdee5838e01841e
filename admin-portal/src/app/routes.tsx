import { LoadingScreen } from '@loan-portal/ui-kit';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/login/components/login-page';
import { isStaffUser, useAdminSession } from './admin-session';
import { useRuntimeConfig } from './config-context';
import { loadStaffRoutes } from './staff-routes-chunk';

// The staff frame and its screens' routes: a visitor of the login page downloads none of them.
const StaffRoutes = lazy(() => loadStaffRoutes().then((m) => ({ default: m.StaffRoutes })));

/** Admin routes of spec section 2, relative to /portal-admin. */
export function AdminRoutes() {
  const { loading, user } = useAdminSession();
  const { productName } = useRuntimeConfig();
  // With a stored token the staff chunk downloads while the session asks who the user is.
  useEffect(() => {
    if (loading) void loadStaffRoutes().catch(() => undefined);
  }, [loading]);
  if (loading) return <LoadingScreen name={productName} />;
  const isStaff = isStaffUser(user);
  return (
    <Routes>
      <Route
        path="login"
        element={isStaff ? <Navigate to="/portal-admin/dashboard" replace /> : <LoginPage />}
      />
      <Route
        path="*"
        element={
          isStaff ? (
            <Suspense fallback={<LoadingScreen name={productName} />}>
              <StaffRoutes user={user} />
            </Suspense>
          ) : (
            <Navigate to="/portal-admin/login" replace />
          )
        }
      />
    </Routes>
  );
}
