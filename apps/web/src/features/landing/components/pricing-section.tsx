import { Link } from 'react-router';
import { CheckIcon } from '../../../components/ui/icons';
import { homeSectionIds } from '../../../config/paths';
import { useGetStartedPath } from '../hooks/use-get-started-path';

interface Plan {
  name: string;
  price: string;
  unit: string;
  was?: string;
  billing: string;
  features: string[];
  isFeatured?: boolean;
}

// SPEC §2/§9: the plans and prices shown on the landing page.
const plans: Plan[] = [
  {
    name: 'Wire & Conduit Demo',
    price: '$0',
    unit: '',
    billing: 'Free',
    features: ['A sample of the wire and conduit list', 'Your markups and sales tax applied', 'CSV and Excel download'],
  },
  {
    name: 'Annual plan',
    price: '$35',
    unit: '/month',
    was: '$50/month',
    billing: 'Paid annually',
    features: [
      '12 editions, paid annually',
      '12 months of price updates',
      'New edition notifications',
      'Markups per price band and sales tax',
      'QuickBooks Online and Jobber sync',
    ],
    isFeatured: true,
  },
];

/** The pricing cards (target of the navigation's Pricing link). */
export function PricingSection() {
  const getStartedPath = useGetStartedPath();
  return (
    <section id={homeSectionIds.pricing} className="home-section home-section--tinted" aria-labelledby="pricing-title">
      <div className="home-section__inner">
        <p className="section-eyebrow">Pricing</p>
        <h2 id="pricing-title" className="section-title">
          Simple plans, no hidden fees
        </h2>
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
