import { AppLink } from '../../../components/ui/app-link';
import { homeSectionIds } from '../../../config/paths';
import type { SubscriptionPlan } from '@tradelist/contract/billing';
import { downloadMaxText, PlanCard, planCard } from '../../billing';
import { useGetStartedPath } from '../hooks/use-get-started-path';
import landingStyles from './landing.module.css';
import { cx } from '../../../lib/cx';
import buttonStyles from '../../../components/ui/button.module.css';

/**
 * The pricing cards (target of the navigation's Pricing link): the plans on sale, read by the
 * server, each paid one with its download maximum (product §10.10), so it is known before purchase.
 */
export function PricingSection({ plans: plansOnSale }: { plans: readonly SubscriptionPlan[] }) {
  const getStartedPath = useGetStartedPath();
  const plans = plansOnSale.map((plan) => ({ ...planCard(plan), detail: plan.is_free ? undefined : downloadMaxText(plan) }));
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
        <ul className={landingStyles.pricingGrid}>
          {plans.map((plan) => (
            <li key={plan.name}>
              <PlanCard card={plan} billing={plan.billing} detail={plan.detail} badge={plan.isFeatured ? 'Best value' : undefined} headingLevel="h3">
                {() => (
                  <AppLink
                    to={getStartedPath}
                    className={cx(
                      buttonStyles.button,
                      buttonStyles.buttonBlock,
                      plan.isFeatured ? buttonStyles.buttonPrimary : buttonStyles.buttonOutline,
                    )}
                    aria-label={`Get started with the ${plan.name}`}
                  >
                    Get started
                  </AppLink>
                )}
              </PlanCard>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
