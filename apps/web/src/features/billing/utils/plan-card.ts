import type { SubscriptionPlan } from '@tradelist/contract/billing';
import { formatUsd } from '@tradelist/pricing/money';

/** What one pricing card shows. */
export interface PlanCard {
  name: string;
  price: string;
  unit: string;
  was: string | null;
  billing: string;
  features: string[];
  isFeatured: boolean;
}

/** The marketing lines of each plan, by slug (product §2: the pricing shown on the landing page). */
const featuresBySlug: Record<string, string[]> = {
  'free-demo': ['A sample of the wire and conduit list', 'Your markups and sales tax applied', 'CSV and Excel download'],
  annual: [
    '12 editions, paid annually',
    '12 months of price updates',
    'New edition notifications',
    'Markups per price band and sales tax',
    'QuickBooks Online and Jobber sync',
  ],
};

/**
 * A plan as its card shows it: a yearly price as its monthly figure (product §9: "$35/month,
 * normally $50/month", stored as the $420 paid for the year).
 */
export function planCard(plan: SubscriptionPlan): PlanCard {
  const months = plan.interval === 'year' ? 12 : 1;
  const perMonth = (cents: number) => Math.round(cents / months);
  const common = { name: plan.name, features: featuresBySlug[plan.slug] ?? [], isFeatured: !plan.is_free };
  if (plan.is_free || plan.interval === null) {
    return { ...common, price: formatUsd(plan.price, { wholeDollars: true }), unit: '', was: null, billing: plan.price === 0 ? 'Free' : 'One payment' };
  }
  return {
    ...common,
    price: formatUsd(perMonth(plan.price), { wholeDollars: true }),
    unit: '/month',
    was: plan.regular_price === null ? null : `${formatUsd(perMonth(plan.regular_price), { wholeDollars: true })}/month`,
    billing: plan.interval === 'year' ? 'Paid annually' : 'Paid monthly',
  };
}
