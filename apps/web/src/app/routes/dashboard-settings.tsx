import { DashboardSection, EmptyState } from '../../features/dashboard/components/dashboard-section';
import { ProfilePictureSettings } from '../../features/profile';

/** Route /dashboard/settings. */
export function SettingsRoute() {
  return (
    <DashboardSection title="Settings" section="settings">
      <EmptyState heading="Settings are not available yet">
        <p>Profile, connections, email preferences and security settings will be managed here.</p>
      </EmptyState>
      <ProfilePictureSettings />
    </DashboardSection>
  );
}
