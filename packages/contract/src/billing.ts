import { z } from 'zod';

/**
 * product §3 Subscription plan (name, description, price, stripe_price_id_recurring,
 * stripe_price_id_one_time), with what the pricing cards and the subscriptions screen show.
 * Money is integer cents: `price` is what one payment costs (the whole year for the annual plan),
 * `regular_price` the normal price it is discounted from. With auto-renew the plan renews every
 * `interval` on the recurring price; without, a one-time payment buys `period_months` months
 * (product §9, §10.9). A free plan has neither.
 */
export const subscriptionPlan = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  regular_price: z.number().int().nullable(),
  interval: z.enum(['year', 'month']).nullable(),
  period_months: z.number().int().nullable(),
  /** Downloads of paid editions in each period (syncs do not count). */
  download_max: z.number().int(),
  is_free: z.boolean(),
  stripe_price_id_recurring: z.string().nullable(),
  stripe_price_id_one_time: z.string().nullable(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;

/** GET /api/subscription-plans/: the plans on sale, in display order (public). */
export const subscriptionPlansResponse = z.array(subscriptionPlan);
