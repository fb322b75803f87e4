import type { CreateCheckoutSessionRequest, SubscriptionPlan } from '@tradelist/contract/billing';

/** What the subscribe button of a paid plan sends, or why that plan cannot be bought now. */
export type CheckoutChoice =
  | { kind: 'checkout'; request: CreateCheckoutSessionRequest }
  | { kind: 'unavailable'; reason: string };

/** The reasons a plan's subscribe button is disabled, in the screen's words. */
export const unavailableReasons = {
  free: 'The free demo needs no payment.',
  notLinked: 'This plan cannot be bought online yet.',
  noRecurring: 'This plan cannot renew automatically yet: turn auto-renew off to pay once for 12 months.',
  noOneTime: 'This plan can only be bought with auto-renew on for now.',
} as const;

/**
 * product §9, §10.9: auto-renew on buys the plan's recurring price (`is_recurring: true`), off its
 * one-time price (false). A plan not linked to Stripe has no price id for that choice and cannot
 * be bought; the reason says what the user can do instead.
 */
export function checkoutChoice(plan: SubscriptionPlan, autoRenew: boolean): CheckoutChoice {
  if (plan.is_free) return { kind: 'unavailable', reason: unavailableReasons.free };
  const recurring = plan.stripe_price_id_recurring;
  const oneTime = plan.stripe_price_id_one_time;
  if (recurring === null && oneTime === null) return { kind: 'unavailable', reason: unavailableReasons.notLinked };
  if (autoRenew) {
    return recurring === null
      ? { kind: 'unavailable', reason: unavailableReasons.noRecurring }
      : { kind: 'checkout', request: { price_id: recurring, is_recurring: true } };
  }
  return oneTime === null
    ? { kind: 'unavailable', reason: unavailableReasons.noOneTime }
    : { kind: 'checkout', request: { price_id: oneTime, is_recurring: false } };
}
