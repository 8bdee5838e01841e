import { LoadingScreen } from '@loan-portal/ui-kit';
import { Navigate, Outlet } from 'react-router';
import { useRuntimeConfig } from './config-context';
import { useSession } from './session-context';

/** Dashboard, register, payment and status: signed-in clients only, others go to /login. */
export function RequireUser() {
  const { user } = useSession();
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** 'Loading {product}...' while the stored session is checked, then the page. */
export function SessionGate() {
  const { loading } = useSession();
  const { productName } = useRuntimeConfig();
  if (loading) return <LoadingScreen name={productName} />;
  return <Outlet />;
}
