import { Navigate, Route, Routes } from 'react-router';
import { ApplicantsPage } from '../features/applicants/components/applicants-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { LoginPage } from '../features/login/components/login-page';
import { useAdminSession } from './admin-session';

/** Admin routes of spec section 2, relative to /portal-admin. */
export function AdminRoutes() {
  const { loading, user } = useAdminSession();
  if (loading) {
    return (
      <div role="status" aria-live="polite">
        Loading...
      </div>
    );
  }
  const isStaff = Boolean(user && (user.is_staff || user.is_superuser));
  return (
    <Routes>
      <Route
        path="login"
        element={isStaff ? <Navigate to="/portal-admin/dashboard" replace /> : <LoginPage />}
      />
      {isStaff && (
        <>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="applicants" element={<ApplicantsPage />} />
        </>
      )}
      <Route
        path="*"
        element={
          <Navigate to={isStaff ? '/portal-admin/dashboard' : '/portal-admin/login'} replace />
        }
      />
    </Routes>
  );
}
