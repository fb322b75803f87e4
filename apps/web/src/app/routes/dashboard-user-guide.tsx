import { DashboardSection, EmptyState } from '../../features/dashboard/components/dashboard-section';

/** Route /dashboard/user-guide. */
export function UserGuideRoute() {
  return (
    <DashboardSection title="User Guide and Resources" section="user-guide">
      <EmptyState heading="No guides published yet">
        <p>Videos and downloadable PDF guides will be listed here.</p>
      </EmptyState>
    </DashboardSection>
  );
}
