import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { useStoredSession } from '../../lib/stored-session';

/**
 * Guard of the dashboard and the operator console (SPEC §2): no stored email means a visit to
 * /login. It ships with the entry so that a visitor is redirected before any screen code loads.
 */
export function RequireStoredEmail() {
  const { email } = useStoredSession();
  if (!email) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
