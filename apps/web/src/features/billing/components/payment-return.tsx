import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import buttonStyles from '../../../components/ui/button.module.css';
import spinnerStyles from '../../../components/ui/spinner.module.css';
import { paths } from '../../../config/paths';
import { cx } from '../../../lib/cx';
import { saveSubscriptionFlags } from '../../../lib/stored-session';
import { useConfirmCheckoutSession } from '../api/confirm-checkout-session';
import { useOncePerOpen } from '../hooks/use-once-per-open';
import { failureMessage } from '../utils/failure-message';
import { billingMessages } from '../utils/subscription-text';
import billingStyles from './billing.module.css';

/**
 * product §2.10, §10.12: where Stripe sends the user after paying (`?session_id=`). The server
 * confirms the checkout with Stripe; only a paid one stores the flags and opens the success
 * screen, replacing this page in the history. Anything else says so and stores nothing.
 */
export function PaymentReturn() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const navigate = useNavigate();
  const confirm = useConfirmCheckoutSession();
  const { mutate } = confirm;

  useOncePerOpen(
    useCallback(() => {
      if (!sessionId) return;
      mutate(sessionId, {
        onSuccess(answer) {
          if (!answer.paid) return;
          saveSubscriptionFlags({ status: true, status2: true });
          void navigate(paths.dashboardSubscriptionSuccess, { replace: true });
        },
      });
    }, [mutate, navigate, sessionId]),
  );

  const failed = !sessionId || confirm.isError || (confirm.isSuccess && !confirm.data.paid);
  if (!failed) {
    return (
      <div className={billingStyles.paymentReturn} role="status">
        <span className={spinnerStyles.spinner} aria-hidden="true" />
        <p className={billingStyles.paymentReturnText}>{billingMessages.processing}</p>
      </div>
    );
  }
  return (
    <div className={billingStyles.paymentReturn} role="alert">
      <p className={billingStyles.paymentReturnHeading}>{billingMessages.notConfirmed}</p>
      <p className={billingStyles.paymentReturnText}>
        {!sessionId
          ? 'This page was opened without a payment to check.'
          : confirm.isError
            ? failureMessage(confirm.error, 'The payment provider could not be reached.')
            : 'The payment has not gone through.'}{' '}
        If you completed a payment, your subscription shows on the subscriptions screen as soon as Stripe confirms it.
      </p>
      <Link to={paths.dashboardSubscriptions} className={cx(buttonStyles.button, buttonStyles.buttonOutline)}>
        Back to subscriptions
      </Link>
    </div>
  );
}
