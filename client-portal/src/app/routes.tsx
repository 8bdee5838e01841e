import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/login/components/login-page';
import { AppLayout } from './app-layout';
import { RequireUser, SessionGate } from './guards';

// /login ships alone; every other screen is fetched when it is first visited.
const SignupPage = lazy(() =>
  import('../features/signup/components/signup-page').then((m) => ({ default: m.SignupPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/forgot-password/components/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ForgotPasswordVerifyPage = lazy(() =>
  import('../features/forgot-password/components/forgot-password-verify-page').then((m) => ({
    default: m.ForgotPasswordVerifyPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/forgot-password/components/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/components/dashboard-page').then((m) => ({
    default: m.DashboardPage,
  })),
);
const RegisterPage = lazy(() =>
  import('../features/registration/components/register-page').then((m) => ({
    default: m.RegisterPage,
  })),
);
const PaymentPage = lazy(() =>
  import('../features/payment/components/payment-page').then((m) => ({
    default: m.PaymentPage,
  })),
);
const YourDataPage = lazy(() =>
  import('../features/data-rights/components/your-data-page').then((m) => ({
    default: m.YourDataPage,
  })),
);
const PrivacyPage = lazy(() =>
  import('../features/privacy/components/privacy-page').then((m) => ({
    default: m.PrivacyPage,
  })),
);
const StatusPage = lazy(() =>
  import('../features/status/components/status-page').then((m) => ({ default: m.StatusPage })),
);

/** Client routes of spec section 2. Protected routes and every unknown path go to /login. */
export function ClientRoutes() {
  return (
    <Routes>
      <Route element={<SessionGate />}>
        <Route element={<AppLayout />}>
          <Route index element={<Navigate to="/login" replace />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignupPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="forgot-password/verify" element={<ForgotPasswordVerifyPage />} />
          <Route path="forgot-password/reset" element={<ResetPasswordPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route element={<RequireUser />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="payment" element={<PaymentPage />} />
            <Route path="status" element={<StatusPage />} />
            <Route path="your-data" element={<YourDataPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/login" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
