import type { SubscriptionPlan } from '@tradelist/contract/billing';
import type { PlanRow } from '../../../db/schema.ts';

/** A plan as product §3 shapes it (prices in integer cents). */
export function presentPlan(row: PlanRow): SubscriptionPlan {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: row.price_cents,
    regular_price: row.regular_price_cents,
    interval: row.billing_interval === 'none' ? null : row.billing_interval,
    period_months: row.period_months,
    download_max: row.download_max_per_period,
    is_free: row.is_free,
    stripe_price_id_recurring: row.stripe_price_id_recurring,
    stripe_price_id_one_time: row.stripe_price_id_one_time,
  };
}
