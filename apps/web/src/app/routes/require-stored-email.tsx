import { Navigate, Outlet, useNavigation } from 'react-router';
import { paths } from '../../config/paths';
import { useLeavingAccount } from '../../lib/leaving-account';
import { useStoredSession } from '../../lib/stored-session';

/**
 * Guard of the dashboard and the operator console (product §2): no stored email means a visit to
 * /login. It ships with the entry so that a visitor is redirected before any screen code loads.
 */
export function RequireStoredEmail() {
  const { email } = useStoredSession();
  const navigation = useNavigation();
  const leaving = useLeavingAccount();
  // A deleted account's screen says so for 5 seconds before it goes to /login (product §4.6).
  if (email || leaving) return <Outlet />;
  // Logout clears the session while its navigation to / may still be loading that page's chunk:
  // let it finish instead of sending the user to /login.
  if (navigation.state !== 'idle') return null;
  return <Navigate to={paths.login} replace />;
}
