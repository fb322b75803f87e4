import { useLogout } from '../../features/auth/hooks/use-logout';
import { OperatorConsole } from '../../features/operator/components/operator-console';

/** Route /operator: the operator console (behind RequireStoredEmail; the API checks the role). */
export function OperatorRoute() {
  const { logout, isPending } = useLogout();
  return (
    <main id="main" tabIndex={-1}>
      <OperatorConsole onLogout={logout} isLoggingOut={isPending} />
    </main>
  );
}
