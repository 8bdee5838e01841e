import { Spinner } from '@loan-portal/ui-kit';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { AdminUser } from './admin-session';
import { useAdminI18n } from './i18n';
import { AdminLayout } from './layout/admin-layout';

// Each staff screen is a chunk of its own: a screen downloads chart.js or file-saver only if it
// uses them.
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

/**
 * The signed-in part of spec section 2, relative to /portal-admin: the staff frame and its
 * screens. A chunk of its own (src/app/routes.tsx), so the login page downloads none of it.
 */
export function StaffRoutes({ user }: { user: AdminUser }) {
  return (
    <Routes>
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
      <Route path="*" element={<Navigate to="/portal-admin/dashboard" replace />} />
    </Routes>
  );
}
