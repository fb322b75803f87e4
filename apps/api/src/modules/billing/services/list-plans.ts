import type { SubscriptionPlan } from '@tradelist/contract/billing';
import type { AppContext } from '../../../context.ts';
import { presentPlan } from '../presenters/plans.ts';
import { listActivePlans } from '../repositories/subscriptions.ts';

/** The plans on sale, in display order: the one source of the prices every screen shows. */
export async function listPlans(ctx: Pick<AppContext, 'db'>): Promise<SubscriptionPlan[]> {
  return (await listActivePlans(ctx.db)).map(presentPlan);
}
