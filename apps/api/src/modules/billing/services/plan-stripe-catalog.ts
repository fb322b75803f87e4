import Stripe from 'stripe';
import type { PlanRow } from '../../../db/schema.ts';
import { lookupKeysOf, priceMismatch } from './link-plan-prices.ts';

/** What Stripe must sell for a paid plan. */
export interface PlanAtStripe {
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  interval: 'year' | 'month';
  active: boolean;
  /** The ids stored with the plan so far (null for a new plan). */
  stored: Pick<PlanRow, 'stripe_product_id' | 'stripe_price_id_recurring' | 'stripe_price_id_one_time'> | null;
}

export interface PlanStripeIds {
  productId: string;
  recurringPriceId: string;
  oneTimePriceId: string;
}

const CURRENCY = 'usd';
const idOf = (value: string | { id: string }): string => (typeof value === 'string' ? value : value.id);

/** The product id a new plan gets at Stripe: fixed by its slug, so a save retried after a failure finds it instead of making another. */
export function productIdOf(slug: string): string {
  return `prod_tradelist_${slug.replace(/-/g, '_')}`;
}

/** The plan's product: the stored one, the one its priced lookup keys point to, or a new one; its name, description and activity brought up to date. */
async function ensureProduct(stripe: Stripe, plan: PlanAtStripe, keyed: Stripe.Price[]): Promise<string> {
  const fields = { name: plan.name, description: plan.description, active: plan.active, metadata: { plan_slug: plan.slug } };
  const known = plan.stored?.stripe_product_id ?? (keyed[0] ? idOf(keyed[0].product) : null);
  if (known) {
    await stripe.products.update(known, fields);
    return known;
  }
  const id = productIdOf(plan.slug);
  try {
    return (await stripe.products.create({ id, ...fields })).id;
  } catch (error) {
    // A save that failed half way created it already: bring it up to date instead.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists') {
      await stripe.products.update(id, fields);
      return id;
    }
    throw error;
  }
}

/**
 * One of the plan's two prices: the active price holding its lookup key when it already costs
 * this amount on this product; otherwise a new price that takes the lookup key over
 * (`transfer_lookup_key`), and the price it replaces is deactivated. Stripe prices never change
 * amount, so subscribers on the old price keep paying it until they buy again.
 */
async function ensurePrice(stripe: Stripe, plan: PlanAtStripe, productId: string, lookupKey: string, recurring: boolean, keyed: Stripe.Price[], storedId: string | null): Promise<{ id: string; replaced: string[] }> {
  const holder = keyed.find((price) => price.lookup_key === lookupKey);
  const wanted = { price_cents: plan.priceCents, billing_interval: plan.interval };
  if (holder && idOf(holder.product) === productId && priceMismatch(wanted, holder, recurring) === null) return { id: holder.id, replaced: [] };
  const created = await stripe.prices.create({
    product: productId,
    currency: CURRENCY,
    unit_amount: plan.priceCents,
    ...(recurring ? { recurring: { interval: plan.interval } } : {}),
    lookup_key: lookupKey,
    transfer_lookup_key: true,
    metadata: { plan_slug: plan.slug },
  });
  return { id: created.id, replaced: [...new Set([holder?.id, storedId])].filter((id): id is string => Boolean(id) && id !== created.id) };
}

/**
 * Stripe refuses to archive a price that is its product's `default_price` (products made in
 * Stripe's dashboard always have one): the default moves to `next` first, or is cleared
 * (`default_price: ''`) when nothing takes its place.
 */
async function freeDefaultPrice(stripe: Stripe, productId: string, leaving: readonly string[], next: string | null): Promise<void> {
  const product = await stripe.products.retrieve(productId);
  const current = product.default_price ? idOf(product.default_price) : null;
  if (current && leaving.includes(current)) await stripe.products.update(productId, { default_price: next ?? '' });
}

/**
 * Brings Stripe's product and prices of a paid plan to what the operator saved (decision 0020):
 * the product's name, description and activity, a recurring price (`{slug}_yearly` or
 * `{slug}_monthly`) and a one-time price (`{slug}_one_time`) of the plan's amount. Safe to run
 * again after a failure: it finds what an earlier attempt created by product id and lookup key.
 */
export async function syncPlanToStripe(stripe: Stripe, plan: PlanAtStripe): Promise<PlanStripeIds> {
  const keys = lookupKeysOf({ slug: plan.slug, billing_interval: plan.interval });
  const keyed = (await stripe.prices.list({ lookup_keys: [keys.recurring, keys.oneTime], limit: 10 })).data;
  const productId = await ensureProduct(stripe, plan, keyed);
  const storedRecurring = plan.stored?.stripe_price_id_recurring ?? null;
  const storedOneTime = plan.stored?.stripe_price_id_one_time ?? null;
  const recurring = await ensurePrice(stripe, plan, productId, keys.recurring, true, keyed, storedRecurring);
  const oneTime = await ensurePrice(stripe, plan, productId, keys.oneTime, false, keyed, storedOneTime);
  const replaced = [...recurring.replaced, ...oneTime.replaced];
  if (replaced.length > 0) {
    // The new recurring price becomes the default before the prices it replaces are archived.
    await freeDefaultPrice(stripe, productId, replaced, recurring.id);
    for (const oldId of replaced) await stripe.prices.update(oldId, { active: false });
  }
  return { productId, recurringPriceId: recurring.id, oneTimePriceId: oneTime.id };
}

/** A plan that stops being sold for money: its prices and product are deactivated at Stripe. */
export async function retirePlanAtStripe(stripe: Stripe, stored: PlanAtStripe['stored']): Promise<void> {
  const priceIds = [stored?.stripe_price_id_recurring, stored?.stripe_price_id_one_time].filter((id): id is string => Boolean(id));
  const productIds = new Set(stored?.stripe_product_id ? [stored.stripe_product_id] : []);
  if (productIds.size === 0) for (const priceId of priceIds) productIds.add(idOf((await stripe.prices.retrieve(priceId)).product));
  for (const productId of productIds) await freeDefaultPrice(stripe, productId, priceIds, null);
  for (const priceId of priceIds) await stripe.prices.update(priceId, { active: false });
  if (stored?.stripe_product_id) await stripe.products.update(stored.stripe_product_id, { active: false });
}
