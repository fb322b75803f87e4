import type { SubscriptionOverview, SubscriptionPlan, SubscriptionSummary } from '@tradelist/contract/billing';
import { formatUsd } from '@tradelist/pricing/money';
import { formatCount, formatDayOf } from '../../../lib/format';
import type { SubscriptionFlags } from '../../../lib/session-storage';

/** The texts of the payment screens that product §2 and §8 spell out. */
export const billingMessages = {
  /** product §8.9: the toast after a cancellation. */
  canceled: 'Subscription canceled successfully.',
  /** product §2.10. */
  processing: 'Processing your payment information...',
  /** product §2.11. */
  successTitle: 'Subscription Successful!',
  successToast: 'Your subscription was processed successfully!',
  pastDue: 'Your renewal payment failed. Update your card in the billing portal to keep your subscription.',
  notConfirmed: 'We could not confirm your payment yet.',
  /** When the server gave no reason of its own. */
  checkoutFailed: 'The checkout could not be started. Please try again.',
  portalFailed: 'The billing portal could not be opened. Please try again.',
  cancelFailed: 'The subscription could not be canceled. Please try again.',
  refundFailed: 'The refund could not be requested. Please try again.',
} as const;

/** 'Active', 'Canceled' or 'Payment failed'; the end date is the period line's (periodText) alone. */
export function subscriptionStatusText(summary: Pick<SubscriptionSummary, 'status'>): string {
  switch (summary.status) {
    case 'active':
      return 'Active';
    case 'canceled':
      return 'Canceled';
    case 'past_due':
      return 'Payment failed';
  }
}

/** The banner above every dashboard page while a renewal payment has failed (product §10.9); null otherwise. */
export function pastDueNotice(overview: SubscriptionOverview | undefined): string | null {
  return overview?.subscription?.status === 'past_due' ? billingMessages.pastDue : null;
}

/** "Renews on …" while it renews, "Ends on …" otherwise. */
export function periodText(summary: Pick<SubscriptionSummary, 'renews' | 'period_end'>): string {
  return `${summary.renews ? 'Renews on' : 'Ends on'} ${formatDayOf(summary.period_end)}`;
}

/** product §10.10: the downloads used and allowed this period. */
export function downloadsText(summary: Pick<SubscriptionSummary, 'downloads_used' | 'downloads_allowed'>): string {
  return `Downloads this period: ${formatCount(summary.downloads_used)} of ${formatCount(summary.downloads_allowed)}`;
}

/**
 * What the user should know about how it ends: a one-time purchase or a grant has nothing to
 * cancel; a cancelled subscription can be renewed in the billing portal. Null for one that renews.
 * The date it ends is the period line's (periodText): the card says it once.
 */
export function sourceNote(summary: Pick<SubscriptionSummary, 'source' | 'renews'>): string | null {
  switch (summary.source) {
    case 'one_time_payment':
      return 'Paid once, without auto-renew: it does not renew, so there is nothing to cancel.';
    case 'complimentary':
      return 'Granted by Tradelist: it does not renew, so there is nothing to cancel.';
    case 'stripe_subscription':
      return summary.renews ? null : 'It does not renew. To renew it, turn renewal back on in the billing portal.';
  }
}

/** product §10.6: what the refund dialog asks the user to confirm. */
export function refundConfirmationText(summary: Pick<SubscriptionSummary, 'refund_until'>): string {
  const until = summary.refund_until === null ? '' : ` A refund can be requested until ${formatDayOf(summary.refund_until)}.`;
  return `Your renewal payment will be refunded and your access ends now: paid editions stop downloading and syncing at once.${until}`;
}

/**
 * The download maximum of a paid plan (product §10.10), per its renewal period, as the pricing
 * cards show it before purchase: each edition counts once, whatever its format or layout.
 */
export function downloadMaxText(plan: Pick<SubscriptionPlan, 'download_max' | 'interval'>): string {
  const period = plan.interval === 'month' ? 'month' : 'year';
  return `Up to ${formatCount(plan.download_max)} price-list downloads a ${period}; each edition counts once, in any format or layout`;
}

/**
 * How a paid plan is paid with the auto-renew choice (product §10.9): on, the plan's price every
 * renewal period; off, the same price once for the plan's months, without renewal.
 */
export function paymentText(plan: Pick<SubscriptionPlan, 'price' | 'interval' | 'period_months'>, autoRenew: boolean): string {
  const price = formatUsd(plan.price, { wholeDollars: true });
  if (autoRenew) return `${price} billed ${plan.interval === 'month' ? 'monthly' : 'annually'}, renews until you cancel`;
  return `${price} paid once for ${plan.period_months ?? 12} months, no renewal`;
}

/**
 * product §3, §4: the flags the browser keeps from the server's answer. `status` follows the
 * server (a cancelled subscription stays usable until its period ends); `status2`, the
 * active-subscription flag, is off once the subscription is cancelled.
 */
export function subscriptionFlags(overview: SubscriptionOverview): SubscriptionFlags {
  return { status: overview.status, status2: overview.status && overview.subscription?.status !== 'canceled' };
}
