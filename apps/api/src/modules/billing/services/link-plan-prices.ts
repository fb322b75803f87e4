import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { PlanRow } from '../../../db/schema.ts';
import { definePeriodicJob } from '../../../jobs/scheduled-task.ts';
import { listUnlinkedPaidPlans, setPlanStripeIds } from '../repositories/subscriptions.ts';

/**
 * The Stripe prices of a paid plan are found by their lookup keys: `{slug}_yearly` (or
 * `{slug}_monthly`) for the recurring price, `{slug}_one_time` for the one-time price. The
 * operator creates them once at Stripe (the embedded default's Stripe has the annual plan's);
 * the app links a plan that has none yet, and refuses prices whose amount or interval differ
 * from the plan's, so that nobody pays another price than the one shown.
 */
export function lookupKeysOf(plan: Pick<PlanRow, 'slug' | 'billing_interval'>): { recurring: string; oneTime: string } {
  return { recurring: `${plan.slug}_${plan.billing_interval === 'month' ? 'monthly' : 'yearly'}`, oneTime: `${plan.slug}_one_time` };
}

/** Why a Stripe price cannot be the plan's, or null when it matches. */
export function priceMismatch(plan: Pick<PlanRow, 'price_cents' | 'billing_interval'>, price: Stripe.Price, recurring: boolean): string | null {
  if (!price.active) return `${price.id} is not active`;
  if (price.unit_amount !== plan.price_cents) return `${price.id} costs ${price.unit_amount} cents, the plan ${plan.price_cents}`;
  if (recurring && price.recurring?.interval !== plan.billing_interval) return `${price.id} does not renew every ${plan.billing_interval}`;
  if (!recurring && price.type !== 'one_time') return `${price.id} is not a one-time price`;
  return null;
}

/** Links every paid plan without Stripe prices to the prices with its lookup keys; returns the slugs linked. */
export async function linkPlansToStripePrices(ctx: Pick<AppContext, 'db' | 'stripe' | 'log'>): Promise<string[]> {
  if (!ctx.stripe) return [];
  const linked: string[] = [];
  for (const plan of await listUnlinkedPaidPlans(ctx.db)) {
    const keys = lookupKeysOf(plan);
    const prices = await ctx.stripe.prices.list({ lookup_keys: [keys.recurring, keys.oneTime], active: true, limit: 10 });
    const recurring = prices.data.find((p) => p.lookup_key === keys.recurring);
    const oneTime = prices.data.find((p) => p.lookup_key === keys.oneTime);
    const problem = !recurring || !oneTime ? `no active prices with the lookup keys ${keys.recurring} and ${keys.oneTime}` : (priceMismatch(plan, recurring, true) ?? priceMismatch(plan, oneTime, false));
    if (problem || !recurring || !oneTime) {
      ctx.log.warn({ plan: plan.slug }, `The plan ${plan.slug} cannot be sold yet: ${problem}`);
      continue;
    }
    const productId = typeof recurring.product === 'string' ? recurring.product : recurring.product.id;
    await setPlanStripeIds(ctx.db, plan.id, { productId, recurringPriceId: recurring.id, oneTimePriceId: oneTime.id });
    linked.push(plan.slug);
  }
  return linked;
}

/** One linking run (does nothing, without calling Stripe, once every plan is linked). Every 10 minutes (and at the first start): a new paid plan becomes buyable soon after its prices exist. */
export const { job: linkPlanPrices, schedule: linkPlanPricesSchedule } = definePeriodicJob({
  name: 'link-plan-prices',
  everySeconds: 10 * 60,
  backoff: { baseSeconds: 30, maxSeconds: 5 * 60 },
  async run(ctx) {
    const linked = await linkPlansToStripePrices(ctx);
    if (linked.length > 0) ctx.log.debug({ plans: linked }, 'plans linked to their Stripe prices');
  },
});
