import { DashboardSection } from '../../features/dashboard/components/dashboard-section';
import { MarkupsScreen } from '../../features/markups/components/markups-screen';

/** Route /dashboard/userfactor: the markup configuration. */
export function UserfactorRoute() {
  return (
    <DashboardSection
      title="Configurations"
      section="configuration"
      intro="Markups for each price band, sales tax, and the QuickBooks item type and income account."
    >
      <MarkupsScreen />
    </DashboardSection>
  );
}
