import { Navigate, Route, Routes } from 'react-router';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { ForgotPasswordPage } from '../features/forgot-password/components/forgot-password-page';
import { ForgotPasswordVerifyPage } from '../features/forgot-password/components/forgot-password-verify-page';
import { ResetPasswordPage } from '../features/forgot-password/components/reset-password-page';
import { LoginPage } from '../features/login/components/login-page';
import { PaymentPage } from '../features/payment/components/payment-page';
import { RegisterPage } from '../features/registration/components/register-page';
import { SignupPage } from '../features/signup/components/signup-page';
import { StatusPage } from '../features/status/components/status-page';

/** Client routes of spec section 2. Every unknown path goes to /login. */
export function ClientRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/login" replace />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="signup" element={<SignupPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="forgot-password/verify" element={<ForgotPasswordVerifyPage />} />
      <Route path="forgot-password/reset" element={<ResetPasswordPage />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="register" element={<RegisterPage />} />
      <Route path="payment" element={<PaymentPage />} />
      <Route path="status" element={<StatusPage />} />
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
