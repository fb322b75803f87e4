import { SubscriptionsScreen } from '../../features/billing/components/subscriptions-screen';
import { DashboardSection } from '../../features/dashboard/components/dashboard-section';

/** Route /dashboard/subscriptions: plans, or the subscription and its cancel option. */
export function SubscriptionsRoute() {
  return (
    <DashboardSection title="Subscriptions" section="subscriptions">
      <SubscriptionsScreen />
    </DashboardSection>
  );
}
