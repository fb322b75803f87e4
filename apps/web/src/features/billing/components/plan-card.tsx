import type { ReactNode } from 'react';
import { useId } from 'react';
import { CheckIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/cx';
import type { PlanCard as PlanCardFacts } from '../utils/plan-card';
import planCardStyles from './plan-card.module.css';

interface PlanCardProps {
  card: PlanCardFacts;
  /** The line under the price (how it is paid). */
  billing: string;
  /** A line under that one (the download maximum). */
  detail?: string | undefined;
  /** A ribbon over the card ("Best value"). */
  badge?: string | undefined;
  headingLevel?: 'h2' | 'h3';
  /** The card's action (a button or link); receives the heading's id for `aria-describedby`. */
  children: (titleId: string) => ReactNode;
}

/** One plan priced the same way everywhere (product §2.9: as on the landing page). */
export function PlanCard({ card, billing, detail, badge, headingLevel = 'h2', children }: PlanCardProps) {
  const titleId = useId();
  const Heading = headingLevel;
  return (
    <article className={cx(planCardStyles.planCard, card.isFeatured && planCardStyles.planCardFeatured)} aria-labelledby={titleId}>
      {badge ? <p className={planCardStyles.planCardBadge}>{badge}</p> : null}
      <Heading className={planCardStyles.planCardName} id={titleId}>
        {card.name}
      </Heading>
      <p className={planCardStyles.planCardPrice}>
        <span className={planCardStyles.planCardAmount}>{card.price}</span>
        {card.unit ? <span className={planCardStyles.planCardUnit}>{card.unit}</span> : null}
      </p>
      {card.was ? (
        <p className={planCardStyles.planCardWas}>
          Normally <s>{card.was}</s>
        </p>
      ) : null}
      <p className={planCardStyles.planCardBilling}>{billing}</p>
      {detail ? <p className={planCardStyles.planCardAllowance}>{detail}</p> : null}
      {card.features.length > 0 ? (
        <ul className={planCardStyles.planCardFeatures}>
          {card.features.map((feature) => (
            <li key={feature}>
              <CheckIcon /> {feature}
            </li>
          ))}
        </ul>
      ) : null}
      {children(titleId)}
    </article>
  );
}
