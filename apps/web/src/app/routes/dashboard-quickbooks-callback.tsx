import { DashboardSection } from '../../features/dashboard/components/dashboard-section';
import { AuthorizationCallback } from '../../features/sync';

/** Route /dashboard/quickbooks/callback: the return from QuickBooks Online's authorization page. */
export function QuickbooksCallbackRoute() {
  return (
    <DashboardSection title="QuickBooks Online connection">
      <AuthorizationCallback provider="quickbooks" />
    </DashboardSection>
  );
}
