import type { AppContext } from '../../../context.ts';
import type { SubscriptionRow } from '../../../db/schema.ts';
import { listSubscriptionsOfUser } from '../repositories/subscriptions.ts';

type SubscriptionTimes = Pick<SubscriptionRow, 'status' | 'period_start' | 'period_end'>;

/**
 * The rule, written once: a subscription entitles from its start until its period ends, active
 * or cancelled (product §4: a cancelled subscription stays usable until its period ends), and
 * while a failed renewal is being retried by Stripe (past_due, decision 0012).
 */
export function isEntitling(subscription: SubscriptionTimes, now: Date): boolean {
  return (
    (subscription.status === 'active' || subscription.status === 'canceled' || subscription.status === 'past_due') &&
    subscription.period_start <= now &&
    now < subscription.period_end
  );
}

/** The subscription that entitles the user now: the one ending last when several overlap. */
export function entitlingSubscription<T extends SubscriptionTimes & Pick<SubscriptionRow, 'id'>>(subscriptions: T[], now: Date): T | undefined {
  let best: T | undefined;
  for (const subscription of subscriptions) {
    if (!isEntitling(subscription, now)) continue;
    const later =
      !best ||
      subscription.period_end > best.period_end ||
      (subscription.period_end.getTime() === best.period_end.getTime() && subscription.id > best.id);
    if (later) best = subscription;
  }
  return best;
}

/** True while the user holds an entitling subscription: the `status` flag of product §3/§4. */
export async function hasActiveSubscription(ctx: Pick<AppContext, 'db' | 'clock'>, userId: number): Promise<boolean> {
  return entitlingSubscription(await listSubscriptionsOfUser(ctx.db, userId), ctx.clock.now()) !== undefined;
}
