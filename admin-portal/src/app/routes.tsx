import { LoadingScreen, Spinner } from '@loan-portal/ui-kit';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/login/components/login-page';
import { isStaffUser, useAdminSession } from './admin-session';
import { useRuntimeConfig } from './config-context';
import { useAdminI18n } from './i18n';
import { AdminLayout } from './layout/admin-layout';

// Staff-only screens are separate chunks: the login page never downloads chart.js or file-saver.
const DashboardPage = lazy(() =>
  import('../features/dashboard/components/dashboard-page').then((m) => ({
    default: m.DashboardPage,
  })),
);
const ApplicantsPage = lazy(() =>
  import('../features/applicants/components/applicants-page').then((m) => ({
    default: m.ApplicantsPage,
  })),
);

const ApplicantPage = lazy(() =>
  import('../features/applicant/components/applicant-page').then((m) => ({
    default: m.ApplicantPage,
  })),
);

const AuditPage = lazy(() =>
  import('../features/audit/components/audit-page').then((m) => ({ default: m.AuditPage })),
);

const FlaggedPaymentsPage = lazy(() =>
  import('../features/flagged-payments/components/flagged-payments-page').then((m) => ({
    default: m.FlaggedPaymentsPage,
  })),
);

const StaffPage = lazy(() =>
  import('../features/staff/components/staff-page').then((m) => ({ default: m.StaffPage })),
);
const SecurityPage = lazy(() =>
  import('../features/staff/components/security-page').then((m) => ({ default: m.SecurityPage })),
);

function PageFallback() {
  const i18n = useAdminI18n();
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <Spinner size="lg" label={i18n._('common.loading')} />
    </div>
  );
}

/** Admin routes of spec section 2, relative to /portal-admin. */
export function AdminRoutes() {
  const { loading, user } = useAdminSession();
  const { productName } = useRuntimeConfig();
  if (loading) return <LoadingScreen name={productName} />;
  const isStaff = isStaffUser(user);
  return (
    <Routes>
      <Route
        path="login"
        element={isStaff ? <Navigate to="/portal-admin/dashboard" replace /> : <LoginPage />}
      />
      {isStaff && (
        <Route element={<AdminLayout />}>
          <Route
            path="dashboard"
            element={
              <Suspense fallback={<PageFallback />}>
                <DashboardPage />
              </Suspense>
            }
          />
          <Route
            path="applicants"
            element={
              <Suspense fallback={<PageFallback />}>
                <ApplicantsPage />
              </Suspense>
            }
          />
          <Route
            path="applicants/:id"
            element={
              <Suspense fallback={<PageFallback />}>
                <ApplicantPage />
              </Suspense>
            }
          />
          <Route
            path="flagged-payments"
            element={
              <Suspense fallback={<PageFallback />}>
                <FlaggedPaymentsPage />
              </Suspense>
            }
          />
          {user.is_superuser ? (
            <Route
              path="audit"
              element={
                <Suspense fallback={<PageFallback />}>
                  <AuditPage />
                </Suspense>
              }
            />
          ) : null}
          {/* The server refuses staff on every staff-account route; the UI only hides it. */}
          {user.is_superuser ? (
            <Route
              path="staff"
              element={
                <Suspense fallback={<PageFallback />}>
                  <StaffPage />
                </Suspense>
              }
            />
          ) : null}
          <Route
            path="security"
            element={
              <Suspense fallback={<PageFallback />}>
                <SecurityPage />
              </Suspense>
            }
          />
        </Route>
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
