import { useCallback } from 'react';
import { Link } from 'react-router';
import buttonStyles from '../../../components/ui/button.module.css';
import { paths } from '../../../config/paths';
import { cx } from '../../../lib/cx';
import { dashboardIntents } from '../../../lib/dashboard-intents';
import { pushDataLayer } from '../../../lib/data-layer';
import { notify } from '../../../lib/notify';
import { useOncePerOpen } from '../hooks/use-once-per-open';
import { billingMessages } from '../utils/subscription-text';
import billingStyles from './billing.module.css';

/**
 * product §2.11: the payment went through. Fires the subscribe event and the toast once per
 * opening, and leads on to the catalog, scrolled to the paid list's download buttons, or to the
 * markups, which come back to them once saved.
 */
export function SubscriptionSuccess() {
  useOncePerOpen(
    useCallback(() => {
      pushDataLayer({ event: 'subscribe' });
      notify.success(billingMessages.successToast);
    }, []),
  );
  return (
    <div className={billingStyles.success}>
      <p className={billingStyles.successText}>
        Your payment was processed and your subscription is active. Download the current price lists with your markups, or
        set your markups first.
      </p>
      <div className={billingStyles.successActions}>
        <Link to={paths.dashboardCatalog} state={dashboardIntents.revealDownloads} className={cx(buttonStyles.button, buttonStyles.buttonOutline)}>
          Browse Catalogs
        </Link>
        <Link to={paths.dashboardUserfactor} state={dashboardIntents.downloadAfterSave} className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}>
          Get Started by Setting Your Price Markups
        </Link>
      </div>
    </div>
  );
}
