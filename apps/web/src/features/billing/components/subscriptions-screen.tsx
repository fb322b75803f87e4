import buttonStyles from '../../../components/ui/button.module.css';
import { cx } from '../../../lib/cx';
import { useSubscription } from '../api/get-subscription';
import { useSubscriptionsPageOpened } from '../hooks/use-subscriptions-page-opened';
import { CurrentSubscription } from './current-subscription';
import { PlanList } from './plan-list';
import billingStyles from './billing.module.css';

/** product §2.9: the plans, or while a subscription runs, that subscription and what can be done with it. */
export function SubscriptionsScreen() {
  useSubscriptionsPageOpened();
  const subscription = useSubscription();

  if (subscription.isPending) {
    return (
      <p className={billingStyles.billingStatus} role="status">
        Loading your subscription…
      </p>
    );
  }
  if (subscription.isError) {
    return (
      <div className={billingStyles.billingStatus} role="alert">
        <p>Your subscription could not be loaded.</p>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => void subscription.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const { subscription: summary } = subscription.data;
  return summary ? <CurrentSubscription summary={summary} /> : <PlanList />;
}
