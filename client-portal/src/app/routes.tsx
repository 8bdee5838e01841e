import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';
import { RequireUser, SessionGate } from './guards';
import { type LazyPage, lazyPage, useIdlePreload } from './lazy-page';
import { useSession } from './session-context';

// Every screen is fetched when it is first visited, and the page a visit starts on before the
// first render (`preloadPage`, which the shell awaits): the login form's code (formik, yup) is
// no longer part of every signed-in page (issue 17).
const LoginPage = lazyPage(() =>
  import('../features/login/components/login-page').then((m) => m.LoginPage),
);
const SignupPage = lazyPage(() =>
  import('../features/signup/components/signup-page').then((m) => m.SignupPage),
);
const ForgotPasswordPage = lazyPage(() =>
  import('../features/forgot-password/components/forgot-password-page').then(
    (m) => m.ForgotPasswordPage,
  ),
);
const ForgotPasswordVerifyPage = lazyPage(() =>
  import('../features/forgot-password/components/forgot-password-verify-page').then(
    (m) => m.ForgotPasswordVerifyPage,
  ),
);
const ResetPasswordPage = lazyPage(() =>
  import('../features/forgot-password/components/reset-password-page').then(
    (m) => m.ResetPasswordPage,
  ),
);
const DashboardPage = lazyPage(() =>
  import('../features/dashboard/components/dashboard-page').then((m) => m.DashboardPage),
);
const RegisterPage = lazyPage(() =>
  import('../features/registration/components/register-page').then((m) => m.RegisterPage),
);
const PaymentPage = lazyPage(() =>
  import('../features/payment/components/payment-page').then((m) => m.PaymentPage),
);
const YourDataPage = lazyPage(() =>
  import('../features/data-rights/components/your-data-page').then((m) => m.YourDataPage),
);
const PrivacyPage = lazyPage(() =>
  import('../features/privacy/components/privacy-page').then((m) => m.PrivacyPage),
);
const StatusPage = lazyPage(() =>
  import('../features/status/components/status-page').then((m) => m.StatusPage),
);

/** The page each path shows, as ClientRoutes routes it; `signedIn` the ones only a client sees. */
const PAGES: Record<string, { page: LazyPage; signedIn?: true }> = {
  '/login': { page: LoginPage },
  '/signup': { page: SignupPage },
  '/forgot-password': { page: ForgotPasswordPage },
  '/forgot-password/verify': { page: ForgotPasswordVerifyPage },
  '/forgot-password/reset': { page: ResetPasswordPage },
  '/privacy': { page: PrivacyPage },
  '/dashboard': { page: DashboardPage, signedIn: true },
  '/register': { page: RegisterPage, signedIn: true },
  '/payment': { page: PaymentPage, signedIn: true },
  '/status': { page: StatusPage, signedIn: true },
  '/your-data': { page: YourDataPage, signedIn: true },
};

/**
 * Loads the page a visit to `pathname` will show, so that the first render shows it rather than
 * a loading screen for a frame: the path's own page, or /login's for a path without one or a
 * client's page without a stored session (where the routes send such a visit).
 */
export function preloadPage(pathname: string, signedIn: boolean): Promise<void> {
  const route = PAGES[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
  const page = route && (signedIn || !route.signedIn) ? route.page : LoginPage;
  return page.preload();
}

/**
 * A signed-in client's pages, and then /login's code in idle time: it is a lazy page, and a session
 * that ends while the phone is offline (Logout, an expired refresh) must still meet the sign-in
 * form rather than a page whose code cannot arrive.
 */
function SignedInPages() {
  const { user } = useSession();
  useIdlePreload(LoginPage, user !== null);
  return <RequireUser />;
}

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
          <Route element={<SignedInPages />}>
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
