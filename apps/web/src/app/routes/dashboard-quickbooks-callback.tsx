import { DashboardSection, EmptyState } from '../../features/dashboard/components/dashboard-section';

/** Route /dashboard/quickbooks/callback. */
export function QuickbooksCallbackRoute() {
  return (
    <DashboardSection title="QuickBooks Online connection">
      <EmptyState heading="Connecting QuickBooks Online is not available yet">
        <p>No connection was made. You will be able to sync price lists to QuickBooks Online from the catalogs.</p>
      </EmptyState>
    </DashboardSection>
  );
}
