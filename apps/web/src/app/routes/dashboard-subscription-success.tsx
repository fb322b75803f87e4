import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { DashboardSection, EmptyState } from '../../features/dashboard/components/dashboard-section';

/** Route /dashboard/subscription-success. */
export function SubscriptionSuccessRoute() {
  return (
    <DashboardSection title="Subscription">
      <EmptyState heading="No payment to confirm">
        <p>
          Online payment is not available yet, so no subscription was processed.{' '}
          <Link to={paths.dashboardCatalog}>Browse Catalogs</Link>
        </p>
      </EmptyState>
    </DashboardSection>
  );
}
