import { DashboardSection } from '../../features/dashboard/components/dashboard-section';
import { UserGuide } from '../../features/guide';

/** Route /dashboard/user-guide (product §2.14). */
export function UserGuideRoute() {
  return (
    <DashboardSection title="User Guide and Resources" section="user-guide" intro="Short videos and guides to get the most out of your price lists.">
      <UserGuide />
    </DashboardSection>
  );
}
