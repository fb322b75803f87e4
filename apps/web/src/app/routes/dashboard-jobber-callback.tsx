import { DashboardSection, EmptyState } from '../../features/dashboard/components/dashboard-section';

/** Route /dashboard/jobber/callback. */
export function JobberCallbackRoute() {
  return (
    <DashboardSection title="Jobber connection">
      <EmptyState heading="Connecting Jobber is not available yet">
        <p>No connection was made. You will be able to sync price lists to Jobber from the catalogs.</p>
      </EmptyState>
    </DashboardSection>
  );
}
