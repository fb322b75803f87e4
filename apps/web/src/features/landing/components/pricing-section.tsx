import { Link } from 'react-router';
import { CheckIcon } from '../../../components/ui/icons';
import { homeSectionIds } from '../../../config/paths';
import { useGetStartedPath } from '../hooks/use-get-started-path';
import landingStyles from './landing.module.css';
import { cx } from '../../../lib/cx';
import buttonStyles from '../../../components/ui/button.module.css';

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
            <li
              key={plan.name}
              className={cx(landingStyles.pricingCard, plan.isFeatured && landingStyles.pricingCardFeatured)}
            >
              {plan.isFeatured ? <p className={landingStyles.pricingCardBadge}>Best value</p> : null}
              <h3 className={landingStyles.pricingCardName}>{plan.name}</h3>
              <p className={landingStyles.pricingCardPrice}>
                <span className={landingStyles.pricingCardAmount}>{plan.price}</span>
                {plan.unit ? <span className={landingStyles.pricingCardUnit}>{plan.unit}</span> : null}
              </p>
              {plan.was ? (
                <p className={landingStyles.pricingCardWas}>
                  Normally <s>{plan.was}</s>
                </p>
              ) : null}
              <p className={landingStyles.pricingCardBilling}>{plan.billing}</p>
              <ul className={landingStyles.pricingCardFeatures}>
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <CheckIcon /> {feature}
                  </li>
                ))}
              </ul>
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
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
