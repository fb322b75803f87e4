import { Link } from 'react-router';
import { homeLinks } from '../../config/paths';
import { DashboardSection, EmptyState } from '../../features/dashboard/components/dashboard-section';

/** Route /dashboard/subscriptions: plans or the cancel option. */
export function SubscriptionsRoute() {
  return (
    <DashboardSection title="Subscriptions" section="subscriptions">
      <EmptyState heading="Plans are not available in the portal yet">
        <p>
          You cannot subscribe from here yet. See the plans and prices on the{' '}
          <Link to={homeLinks.pricing}>pricing section</Link> of the home page.
        </p>
      </EmptyState>
    </DashboardSection>
  );
}
