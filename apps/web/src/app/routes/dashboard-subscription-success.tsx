import { SubscriptionSuccess } from '../../features/billing/components/subscription-success';
import { billingMessages } from '../../features/billing/utils/subscription-text';
import { DashboardSection } from '../../features/dashboard/components/dashboard-section';

/** Route /dashboard/subscription-success: the payment went through (its title is the page's title too). */
export function SubscriptionSuccessRoute() {
  return (
    <DashboardSection title={billingMessages.successTitle}>
      <SubscriptionSuccess />
    </DashboardSection>
  );
}
