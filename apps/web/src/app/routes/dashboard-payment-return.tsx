import { PaymentReturn } from '../../features/billing/components/payment-return';
import { DashboardSection } from '../../features/dashboard/components/dashboard-section';

/** Route /dashboard/subscriptions/success: Stripe's success_url, which confirms the payment. */
export function PaymentReturnRoute() {
  return (
    <DashboardSection title="Subscription payment">
      <PaymentReturn />
    </DashboardSection>
  );
}
