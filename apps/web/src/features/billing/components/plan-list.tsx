import type { SubscriptionPlan } from '@tradelist/contract/billing';
import { FREE_CATEGORY_ID } from '@tradelist/contract/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import buttonStyles from '../../../components/ui/button.module.css';
import switchStyles from '../../../components/ui/switch.module.css';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { pushDataLayer } from '../../../lib/data-layer';
import { notify } from '../../../lib/notify';
import { invalidateSubscriptionQueries } from '../../../lib/query-client';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { checkoutChoice } from '../utils/checkout-choice';
import { failureMessage } from '../utils/failure-message';
import { planCard } from '../utils/plan-card';
import { billingMessages, downloadMaxText, paymentText } from '../utils/subscription-text';
import billingStyles from './billing.module.css';
import { PlanCard } from './plan-card';

/** product §2.9 without a subscription: the plans, the auto-renew choice, and a subscribe button per paid plan. */
export function PlanList() {
  const queryClient = useQueryClient();
  const plans = useSubscriptionPlans();
  // product §9: auto-renew is on by default.
  const [autoRenew, setAutoRenew] = useState(true);
  const checkout = useCreateCheckoutSession({
    onError(error) {
      notify.error(failureMessage(error, billingMessages.checkoutFailed));
      // Subscribed meanwhile (another tab): show that subscription instead of the plans.
      if (isApiError(error) && error.code === 'ALREADY_SUBSCRIBED') void invalidateSubscriptionQueries(queryClient);
    },
  });
  // Once the checkout's URL is known the browser is leaving: the buttons stay disabled.
  const isLeaving = checkout.isPending || checkout.isSuccess;

  if (plans.isPending) {
    return (
      <p className={billingStyles.billingStatus} role="status">
        Loading plans…
      </p>
    );
  }
  if (plans.isError) {
    return (
      <div className={billingStyles.billingStatus} role="alert">
        <p>The plans could not be loaded.</p>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => void plans.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className={billingStyles.plans}>
      <p className={billingStyles.plansIntro}>
        Subscribe to download and sync the full price lists, refreshed every month with your markups and sales tax applied.
      </p>
      <AutoRenewSwitch checked={autoRenew} onChange={setAutoRenew} />
      <ul className={billingStyles.planGrid}>
        {plans.data.map((plan) => (
          <li key={plan.id}>
            {plan.is_free ? (
              <FreePlanCard plan={plan} />
            ) : (
              <PaidPlanCard
                plan={plan}
                autoRenew={autoRenew}
                isLeaving={isLeaving}
                isStarting={isLeaving && checkout.variables !== undefined && isChoiceOf(plan, checkout.variables.price_id)}
                onSubscribe={(request) => {
                  pushDataLayer({ event: 'begin_checkout' });
                  checkout.mutate(request);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function isChoiceOf(plan: SubscriptionPlan, priceId: string): boolean {
  return plan.stripe_price_id_recurring === priceId || plan.stripe_price_id_one_time === priceId;
}

/** product §9, §10.9: the auto-renew switch and what each position means. */
function AutoRenewSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const hintId = useId();
  return (
    <div className={billingStyles.autoRenew}>
      <label className={billingStyles.autoRenewLabel}>
        <input
          type="checkbox"
          role="switch"
          className={switchStyles.switch}
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-describedby={hintId}
        />
        <span className={billingStyles.autoRenewTitle}>Auto-renew</span>
      </label>
      <p className={billingStyles.autoRenewHint} id={hintId}>
        {checked
          ? 'On: your plan renews every year on the same date. You can cancel anytime.'
          : 'Off: one payment for 12 months of price lists. Nothing renews.'}
      </p>
    </div>
  );
}

interface PaidPlanCardProps {
  plan: SubscriptionPlan;
  autoRenew: boolean;
  /** Some checkout is starting: every subscribe button waits. */
  isLeaving: boolean;
  /** This plan's checkout is starting. */
  isStarting: boolean;
  onSubscribe: (request: { price_id: string; is_recurring: boolean }) => void;
}

/** A paid plan priced as on the landing page, its download maximum, and its subscribe button (or why it cannot be bought). */
function PaidPlanCard({ plan, autoRenew, isLeaving, isStarting, onSubscribe }: PaidPlanCardProps) {
  const reasonId = useId();
  const choice = checkoutChoice(plan, autoRenew);
  return (
    <PlanCard card={planCard(plan)} billing={paymentText(plan, autoRenew)} detail={downloadMaxText(plan)}>
      {(titleId) =>
        choice.kind === 'checkout' ? (
          <button
            type="button"
            className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonBlock)}
            aria-describedby={titleId}
            disabled={isLeaving}
            onClick={() => onSubscribe(choice.request)}
          >
            {isStarting ? 'Opening checkout…' : 'Subscribe'}
          </button>
        ) : (
          <>
            <button
              type="button"
              className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonBlock)}
              aria-describedby={`${titleId} ${reasonId}`}
              disabled
            >
              Subscribe
            </button>
            <p className={billingStyles.planCardReason} id={reasonId}>
              {choice.reason}
            </p>
          </>
        )
      }
    </PlanCard>
  );
}

/** The free demo: nothing to buy, a link to its list in the catalog. */
function FreePlanCard({ plan }: { plan: SubscriptionPlan }) {
  return (
    <PlanCard card={planCard(plan)} billing="Free for every account, no payment needed">
      {(titleId) => (
        <Link
          to={`${paths.dashboardCatalog}?category=${FREE_CATEGORY_ID}`}
          className={cx(buttonStyles.button, buttonStyles.buttonOutline, buttonStyles.buttonBlock)}
          aria-describedby={titleId}
        >
          Open the free demo
        </Link>
      )}
    </PlanCard>
  );
}
