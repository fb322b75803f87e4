import buttonStyles from '../../../components/ui/button.module.css';
import { cx } from '../../../lib/cx';
import { notify } from '../../../lib/notify';
import { useBillingPortalSession } from '../api/billing-portal-session';
import { useSubscription } from '../api/get-subscription';
import { failureMessage } from '../utils/failure-message';
import { billingMessages, pastDueNotice } from '../utils/subscription-text';
import billingStyles from './billing.module.css';

/**
 * A renewal payment failed and Stripe is retrying the card (product §10.9): say so at the top of
 * every dashboard page, with the way to fix it. Nothing otherwise.
 */
export function PastDueBanner() {
  const subscription = useSubscription();
  const portal = useBillingPortalSession({
    onError: (error) => notify.error(failureMessage(error, billingMessages.portalFailed)),
  });
  const notice = pastDueNotice(subscription.data);
  if (notice === null) return null;
  const isOpening = portal.isPending || portal.isSuccess;
  return (
    <div className={billingStyles.pastDue} role="status">
      <p className={billingStyles.pastDueText}>{notice}</p>
      <button
        type="button"
        className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}
        disabled={isOpening}
        onClick={() => portal.mutate()}
      >
        {isOpening ? 'Opening the billing portal…' : 'Open the billing portal'}
      </button>
    </div>
  );
}
