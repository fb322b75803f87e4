import { useMe } from '../../features/auth/api/get-me';
import { DashboardSection } from '../../features/dashboard/components/dashboard-section';
import { ProfilePictureSettings } from '../../features/profile';
import { SettingsScreen } from '../../features/settings';
import { ConnectionsPanel } from '../../features/sync';
import { PageLoading } from '../../components/ui/page-loading';

/** Route /dashboard/settings (product §2.13): the settings screen, with the sync feature's connections and the profile picture. */
export function SettingsRoute() {
  const me = useMe();
  return (
    <DashboardSection title="Settings" section="settings">
      {me.data ? <SettingsScreen user={me.data} connections={<ConnectionsPanel />} profile={<ProfilePictureSettings />} /> : <PageLoading />}
    </DashboardSection>
  );
}
