import { OperatorConsole } from '../../features/operator/components/operator-console';

/** Route /operator: the operator console (behind RequireStoredEmail; the API checks the role). */
export function OperatorRoute() {
  return (
    <main id="main" tabIndex={-1}>
      <OperatorConsole />
    </main>
  );
}
