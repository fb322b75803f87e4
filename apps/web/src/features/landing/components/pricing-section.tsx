import { Link } from 'react-router';
import { CheckIcon } from '../../../components/ui/icons';
import { homeSectionIds } from '../../../config/paths';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { useGetStartedPath } from '../hooks/use-get-started-path';
import { planCard } from '../utils/plan-card';

/** The pricing cards (target of the navigation's Pricing link): the plans on sale, from the API. */
export function PricingSection() {
  const getStartedPath = useGetStartedPath();
  const plansQuery = useSubscriptionPlans();
  const plans = (plansQuery.data ?? []).map(planCard);
  return (
    <section id={homeSectionIds.pricing} className="home-section home-section--tinted" aria-labelledby="pricing-title">
      <div className="home-section__inner">
        <p className="section-eyebrow">Pricing</p>
        <h2 id="pricing-title" className="section-title">
          Simple plans, no hidden fees
        </h2>
        {plansQuery.isPending ? (
          <p className="pricing-grid__status" role="status">
            Loading plans…
          </p>
        ) : plansQuery.isError ? (
          <div className="pricing-grid__status" role="alert">
            <p>The plans could not be loaded.</p>
            <button type="button" className="button button--outline" onClick={() => void plansQuery.refetch()}>
              Try again
            </button>
          </div>
        ) : null}
        <ul className="pricing-grid">
          {plans.map((plan) => (
            <li key={plan.name} className={`pricing-card${plan.isFeatured ? ' pricing-card--featured' : ''}`}>
              {plan.isFeatured ? <p className="pricing-card__badge">Best value</p> : null}
              <h3 className="pricing-card__name">{plan.name}</h3>
              <p className="pricing-card__price">
                <span className="pricing-card__amount">{plan.price}</span>
                {plan.unit ? <span className="pricing-card__unit">{plan.unit}</span> : null}
              </p>
              {plan.was ? (
                <p className="pricing-card__was">
                  Normally <s>{plan.was}</s>
                </p>
              ) : null}
              <p className="pricing-card__billing">{plan.billing}</p>
              <ul className="pricing-card__features">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <CheckIcon /> {feature}
                  </li>
                ))}
              </ul>
              <Link
                to={getStartedPath}
                className={`button button--block ${plan.isFeatured ? 'button--primary' : 'button--outline'}`}
                aria-label={`Get started with the ${plan.name}`}
              >
                Get started
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
