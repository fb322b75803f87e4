import type { SubscriptionOverview } from '@tradelist/contract/billing';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { PaymentRow, SubscriptionRow } from '../../../db/schema.ts';
import { countEditionsInPeriod, hasPreviewedMoreThan, hasSyncedPaidItemsSince } from '../repositories/list-use.ts';
import { listPaymentsOfSubscription } from '../repositories/payments.ts';
import { findPlanById, listSubscriptionsOfUser } from '../repositories/subscriptions.ts';
import { entitlingSubscription } from './entitling-subscription.ts';

const DAY_MS = 86_400_000;
/** product §1/§9: a refund may be requested within 10 days after an auto-renewal. */
export const REFUND_WINDOW_DAYS = 10;
/**
 * product §10.6: the markup preview showing more than this share of a paid edition's products
 * (distinct products, in the renewal's period) counts as use of the list, as a download does.
 */
export const PREVIEW_SHARE_USED_PERCENT = 10;

/** Why a refund is refused, or null when the rule allows it. */
export type RefundVerdict = { eligible: true; payment: PaymentRow; until: Date } | { eligible: false; reason: string; until: Date | null };

/**
 * The refund rule of product §1/§9/§10.6: only the payment of an auto-renewal, only within 10
 * days of it, and only when the list was not used in the period it paid for: nothing downloaded
 * (a download still being sent counts), no sync of a paid edition that wrote items, and no more
 * than 10% of a paid edition's products seen in the preview. Every other purchase is final.
 */
export async function refundVerdict(db: Db, subscription: SubscriptionRow, now: Date): Promise<RefundVerdict> {
  if (subscription.source !== 'stripe_subscription') {
    return { eligible: false, reason: 'Only an automatic renewal can be refunded; all other purchases are final.', until: null };
  }
  const [latest] = await listPaymentsOfSubscription(db, subscription.id);
  if (!latest || latest.kind !== 'renewal') {
    return { eligible: false, reason: 'Only an automatic renewal can be refunded; your first payment is final.', until: null };
  }
  const until = new Date(latest.paid_at.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
  if (latest.refunded_at) return { eligible: false, reason: 'This renewal has already been refunded.', until };
  if (now > until) return { eligible: false, reason: `A renewal can be refunded within ${REFUND_WINDOW_DAYS} days; that time ended on ${until.toISOString().slice(0, 10)}.`, until };
  if (latest.period_start.getTime() !== subscription.current_period_start.getTime()) {
    return { eligible: false, reason: 'The renewal has not started its period yet.', until };
  }
  if ((await countEditionsInPeriod(db, subscription.id, subscription.current_period_start, now)) > 0) {
    return { eligible: false, reason: 'A price list was downloaded since the renewal, so it cannot be refunded.', until };
  }
  if (await hasSyncedPaidItemsSince(db, subscription.user_id, subscription.current_period_start)) {
    return { eligible: false, reason: 'A price list was synced to QuickBooks or Jobber since the renewal, so it cannot be refunded.', until };
  }
  if (await hasPreviewedMoreThan(db, subscription.id, subscription.current_period_start, PREVIEW_SHARE_USED_PERCENT)) {
    return {
      eligible: false,
      reason: `More than ${PREVIEW_SHARE_USED_PERCENT}% of a price list was viewed in the preview since the renewal, so it cannot be refunded.`,
      until,
    };
  }
  return { eligible: true, payment: latest, until };
}

/** The user's subscription as the subscriptions screen shows it. */
export async function subscriptionOverview(ctx: Pick<AppContext, 'db' | 'clock'>, userId: number, db: Db = ctx.db): Promise<SubscriptionOverview> {
  const now = ctx.clock.now();
  const subscriptions = await listSubscriptionsOfUser(db, userId);
  const subscription = entitlingSubscription(subscriptions, now);
  if (!subscription) return { status: false, subscription: null };
  const plan = await findPlanById(db, subscription.plan_id);
  const used = await countEditionsInPeriod(db, subscription.id, subscription.current_period_start, now);
  const refund = await refundVerdict(db, subscription, now);
  const hasCustomer = await db.selectFrom('users').select('stripe_customer_id').where('id', '=', userId).executeTakeFirst();
  return {
    status: true,
    subscription: {
      plan_name: plan?.name ?? 'Subscription',
      source: subscription.source,
      status: subscription.status === 'expired' ? 'canceled' : subscription.status,
      started_at: subscription.period_start.toISOString(),
      current_period_start: subscription.current_period_start.toISOString(),
      period_end: subscription.period_end.toISOString(),
      renews: subscription.source === 'stripe_subscription' && subscription.auto_renew && subscription.status !== 'canceled',
      downloads_used: used,
      downloads_allowed: plan?.download_max_per_period ?? 0,
      can_cancel: subscription.source === 'stripe_subscription' && subscription.status !== 'canceled',
      can_manage_billing: hasCustomer?.stripe_customer_id != null,
      refund_eligible: refund.eligible,
      refund_until: refund.eligible ? refund.until.toISOString() : null,
    },
  };
}

/** Why the refund rule refuses the user's current subscription now, or null when it allows a refund. */
export async function refundRuleRefusal(ctx: Pick<AppContext, 'db' | 'clock'>, userId: number): Promise<string | null> {
  const now = ctx.clock.now();
  const subscription = entitlingSubscription(await listSubscriptionsOfUser(ctx.db, userId), now);
  if (!subscription) return 'There is no subscription running now.';
  const verdict = await refundVerdict(ctx.db, subscription, now);
  return verdict.eligible ? null : verdict.reason;
}
