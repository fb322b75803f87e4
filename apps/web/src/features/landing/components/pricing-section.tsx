import { Link } from 'react-router';
import { homeSectionIds } from '../../../config/paths';
import { PlanCard, planCard, useSubscriptionPlans } from '../../billing';
import { useGetStartedPath } from '../hooks/use-get-started-path';
import landingStyles from './landing.module.css';
import { cx } from '../../../lib/cx';
import buttonStyles from '../../../components/ui/button.module.css';

/** The pricing cards (target of the navigation's Pricing link): the plans on sale, from the API. */
export function PricingSection() {
  const getStartedPath = useGetStartedPath();
  const plansQuery = useSubscriptionPlans();
  const plans = (plansQuery.data ?? []).map(planCard);
  return (
    <section
      id={homeSectionIds.pricing}
      className={cx(landingStyles.homeSection, landingStyles.homeSectionTinted)}
      aria-labelledby="pricing-title"
    >
      <div className={landingStyles.homeSectionInner}>
        <p className={landingStyles.sectionEyebrow}>Pricing</p>
        <h2 id="pricing-title" className={landingStyles.sectionTitle}>
          Simple plans, no hidden fees
        </h2>
        {plansQuery.isPending ? (
          <p className={landingStyles.pricingGridStatus} role="status">
            Loading plans…
          </p>
        ) : plansQuery.isError ? (
          <div className={landingStyles.pricingGridStatus} role="alert">
            <p>The plans could not be loaded.</p>
            <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => void plansQuery.refetch()}>
              Try again
            </button>
          </div>
        ) : null}
        <ul className={landingStyles.pricingGrid}>
          {plans.map((plan) => (
            <li key={plan.name}>
              <PlanCard card={plan} billing={plan.billing} badge={plan.isFeatured ? 'Best value' : undefined} headingLevel="h3">
                {() => (
                  <Link
                    to={getStartedPath}
                    className={cx(
                      buttonStyles.button,
                      buttonStyles.buttonBlock,
                      plan.isFeatured ? buttonStyles.buttonPrimary : buttonStyles.buttonOutline,
                    )}
                    aria-label={`Get started with the ${plan.name}`}
                  >
                    Get started
                  </Link>
                )}
              </PlanCard>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
