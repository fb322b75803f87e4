import type { OperatorPlan, savePlanRequest } from '@tradelist/contract/operator-content';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { PlanRow } from '../../../db/schema.ts';
import { AppError, validationFailed } from '../../../errors.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import { slugOfName } from '../../../lib/slug.ts';
import { countPlanSubscribers, findPlanClash, insertPlan, listPlansWithSubscriberCounts, lockPlan, updatePlan } from '../repositories/plan-admin.ts';
import { findPlanById } from '../repositories/subscriptions.ts';
import { retirePlanAtStripe, syncPlanToStripe, type PlanAtStripe, type PlanStripeIds } from './plan-stripe-catalog.ts';
import { requireStripe, withStripe } from './stripe-client.ts';

export type PlanFields = z.output<typeof savePlanRequest>;

export const planNameTakenMessage = 'A plan with this name already exists.';
export const planNotFoundMessage = 'This plan does not exist.';

function present(row: PlanRow, subscriberCount: number): OperatorPlan {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: row.price_cents,
    regular_price: row.regular_price_cents,
    interval: row.billing_interval,
    download_max: row.download_max_per_period,
    is_free: row.is_free,
    is_active: row.is_active,
    stripe_product_id: row.stripe_product_id,
    stripe_price_id_recurring: row.stripe_price_id_recurring,
    stripe_price_id_one_time: row.stripe_price_id_one_time,
    subscriber_count: subscriberCount,
  };
}

/** What the audit log keeps of a plan. */
const snapshot = (row: PlanRow) => ({
  name: row.name,
  description: row.description,
  price: row.price_cents,
  regular_price: row.regular_price_cents,
  interval: row.billing_interval,
  download_max: row.download_max_per_period,
  is_active: row.is_active,
  stripe_product_id: row.stripe_product_id,
  stripe_price_id_recurring: row.stripe_price_id_recurring,
  stripe_price_id_one_time: row.stripe_price_id_one_time,
});

/** The plan's columns for these fields: a free plan has no period, a paid one 12 or 1 months (product §10.9). */
function columnsOf(fields: PlanFields, ids: PlanStripeIds | null) {
  return {
    name: fields.name,
    description: fields.description,
    price_cents: fields.price,
    regular_price_cents: fields.regular_price,
    billing_interval: fields.interval,
    period_months: fields.interval === 'none' ? null : fields.interval === 'year' ? 12 : 1,
    download_max_per_period: fields.download_max,
    is_free: fields.interval === 'none',
    is_active: fields.is_active,
    stripe_product_id: ids?.productId ?? null,
    stripe_price_id_recurring: ids?.recurringPriceId ?? null,
    stripe_price_id_one_time: ids?.oneTimePriceId ?? null,
  };
}

/**
 * Makes Stripe sell what the operator saved, before anything is stored: a paid plan gets its
 * product and prices, a plan that turns free has them deactivated. A Stripe failure is a 502 and
 * nothing changes here.
 */
async function applyAtStripe(ctx: AppContext, slug: string, fields: PlanFields, stored: PlanAtStripe['stored']): Promise<PlanStripeIds | null> {
  if (fields.interval === 'none') {
    if (stored?.stripe_product_id || stored?.stripe_price_id_recurring || stored?.stripe_price_id_one_time) {
      const stripe = requireStripe(ctx);
      await withStripe(ctx, `retire the plan ${slug}`, () => retirePlanAtStripe(stripe, stored));
    }
    return null;
  }
  const stripe = requireStripe(ctx);
  const plan: PlanAtStripe = { slug, name: fields.name, description: fields.description, priceCents: fields.price, interval: fields.interval, active: fields.is_active, stored };
  return withStripe(ctx, `save the plan ${slug}`, () => syncPlanToStripe(stripe, plan));
}

/** Every plan for the console, on sale or not. */
export async function listOperatorPlans(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<OperatorPlan[]> {
  return (await listPlansWithSubscriberCounts(ctx.db, ctx.clock.now())).map((row) => present(row, row.subscriber_count));
}

/** Adds a plan; its slug (and with it the lookup keys of its Stripe prices) comes from its name and stays. */
export async function createPlan(ctx: AppContext, actor: Actor, fields: PlanFields): Promise<OperatorPlan> {
  const slug = slugOfName(fields.name).replace(/-/g, '_');
  if (!slug) throw validationFailed({ name: ['Use at least one letter or digit in the name.'] });
  if (await findPlanClash(ctx.db, fields.name, slug, null)) throw validationFailed({ name: [planNameTakenMessage] });
  const ids = await applyAtStripe(ctx, slug, fields, null);
  return ctx.db.transaction().execute(async (trx) => {
    if (await findPlanClash(trx, fields.name, slug, null)) throw validationFailed({ name: [planNameTakenMessage] });
    const row = await insertPlan(trx, { slug, ...columnsOf(fields, ids) });
    await recordOperatorAction(trx, ctx.clock.now(), actor, { action: 'plan.create', subjectType: 'plan', subjectId: row.id, before: null, after: { slug, ...snapshot(row) } });
    return present(row, 0);
  });
}

/**
 * Changes a plan. A new price or interval makes new Stripe prices (the lookup keys move to them,
 * the old ones are deactivated); running subscriptions keep the price they pay, and their
 * renewals still find the plan through the subscription's `plan_id` metadata.
 */
export async function editPlan(ctx: AppContext, actor: Actor, id: number, fields: PlanFields): Promise<OperatorPlan> {
  const current = await findPlanById(ctx.db, id);
  if (!current) throw new AppError('NOT_FOUND', planNotFoundMessage);
  if (await findPlanClash(ctx.db, fields.name, null, id)) throw validationFailed({ name: [planNameTakenMessage] });
  const ids = await applyAtStripe(ctx, current.slug, fields, current);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockPlan(trx, id);
    if (!before) throw new AppError('NOT_FOUND', planNotFoundMessage);
    const row = await updatePlan(trx, id, columnsOf(fields, ids));
    await recordOperatorAction(trx, ctx.clock.now(), actor, { action: 'plan.update', subjectType: 'plan', subjectId: id, before: snapshot(before), after: snapshot(row) });
    return present(row, await countPlanSubscribers(trx, id, ctx.clock.now()));
  });
}
