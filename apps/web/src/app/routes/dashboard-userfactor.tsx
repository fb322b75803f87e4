import { DashboardSection, EmptyState } from '../../features/dashboard/components/dashboard-section';

/** Route /dashboard/userfactor: the markup configuration. */
export function UserfactorRoute() {
  return (
    <DashboardSection
      title="Configurations"
      section="configuration"
      intro="Markups for each price band, sales tax, inventory option and income type."
    >
      <EmptyState heading="Markup settings are not available yet">
        <p>Nothing has been saved. You will be able to set your markups and sales tax here.</p>
      </EmptyState>
    </DashboardSection>
  );
}
