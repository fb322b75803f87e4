import { DashboardSection } from '../../features/dashboard/components/dashboard-section';
import { AuthorizationCallback } from '../../features/sync';

/** Route /dashboard/jobber/callback: the return from Jobber's authorization page. */
export function JobberCallbackRoute() {
  return (
    <DashboardSection title="Jobber connection">
      <AuthorizationCallback provider="jobber" />
    </DashboardSection>
  );
}
