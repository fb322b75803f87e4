import { DashboardSection, EmptyState } from '../../features/dashboard/components/dashboard-section';
import { ConnectionsPanel } from '../../features/sync';
import dashboardSettingsStyles from './dashboard-settings.module.css';

/** Route /dashboard/settings: for now, the QuickBooks Online and Jobber connections (product §2.13 Connections). */
export function SettingsRoute() {
  return (
    <DashboardSection title="Settings" section="settings">
      <section aria-labelledby="settings-connections-title">
        <h2 id="settings-connections-title" className={dashboardSettingsStyles.settingsHeading}>
          Connections
        </h2>
        <ConnectionsPanel />
      </section>
      <EmptyState heading="More settings are not available yet">
        <p>Profile, email preferences and security settings will be managed here.</p>
      </EmptyState>
    </DashboardSection>
  );
}
