import { z } from 'zod';

/** Stripe's ids of a price and of a Checkout Session: a prefix, then letters, digits and underscores. */
const STRIPE_PRICE_ID = /^price_[A-Za-z0-9_]+$/;
const STRIPE_CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]+$/;

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

/**
 * POST /api/create-checkout-session/ (product §7): the price the user chose. Auto-renew on sends
 * the plan's recurring price with `is_recurring: true`, off its one-time price with false
 * (product §9); any other pair is refused.
 */
export const createCheckoutSessionRequest = z.object({
  price_id: z.string({ error: 'Choose a plan.' }).trim().regex(STRIPE_PRICE_ID, { error: 'Choose a plan.' }).max(255, { error: 'Choose a plan.' }),
  is_recurring: z.boolean({ error: 'Say whether the plan renews automatically.' }),
});
export type CreateCheckoutSessionRequest = z.infer<typeof createCheckoutSessionRequest>;

/** Where the browser goes next: Stripe's hosted checkout page, or its billing portal. */
export const redirectUrlResponse = z.object({ url: z.url() });

/**
 * How the user's subscription stands (the subscriptions screen). `status` is the active
 * subscription flag of product §3 (`status2`): true while a subscription entitles the user.
 */
export const subscriptionSummary = z.object({
  plan_name: z.string(),
  /** complimentary: granted by the operator; stripe_subscription: renews; one_time_payment: 12 months, no renewal. */
  source: z.enum(['complimentary', 'stripe_subscription', 'one_time_payment']),
  /**
   * active: renews (or runs to its end); canceled: ends at `period_end`, usable until then;
   * past_due: a renewal payment failed and the card is being retried (product §10.9).
   */
  status: z.enum(['active', 'canceled', 'past_due']),
  started_at: z.iso.datetime(),
  current_period_start: z.iso.datetime(),
  period_end: z.iso.datetime(),
  /** True when it renews on `period_end`; false when it ends then. */
  renews: z.boolean(),
  downloads_used: z.number().int(),
  downloads_allowed: z.number().int(),
  /** A subscription that renews can be set to end at `period_end`. */
  can_cancel: z.boolean(),
  /** The user has a Stripe customer, so 'Manage billing' opens the billing portal. */
  can_manage_billing: z.boolean(),
  /** The refund rule of product §1/§9: open until `refund_until` when nothing was downloaded since the renewal. */
  refund_eligible: z.boolean(),
  refund_until: z.iso.datetime().nullable(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

/** GET /api/subscription/: the user's subscription now, or null. */
export const subscriptionOverview = z.object({
  status: z.boolean(),
  subscription: subscriptionSummary.nullable(),
});
export type SubscriptionOverview = z.infer<typeof subscriptionOverview>;

/** POST /api/confirm-checkout-session/: the `session_id` Stripe put in the success URL. */
export const confirmCheckoutSessionRequest = z.object({
  session_id: z.string({ error: 'A checkout session id is required.' }).trim().regex(STRIPE_CHECKOUT_SESSION_ID, { error: 'This is not a checkout session id.' }).max(255, { error: 'This is not a checkout session id.' }),
});

/** After confirming: `paid` when the checkout was paid, and the subscription as it stands now. */
export const confirmCheckoutSessionResponse = subscriptionOverview.extend({ paid: z.boolean() });
export type ConfirmCheckoutSessionResponse = z.infer<typeof confirmCheckoutSessionResponse>;

/** POST /api/cancel-subscription/ and POST /api/request-refund/: a message and the subscription after it. */
export const subscriptionChangeResponse = subscriptionOverview.extend({ message: z.string() });

/**
 * Steps of the buying path counted on the server for the operator's funnel. The browser reports
 * the page view; the server records a started checkout and a payment itself.
 */
export const funnelEvents = ['subscriptions_page_opened', 'checkout_started', 'payment_succeeded'] as const;
export type FunnelEvent = (typeof funnelEvents)[number];
export const trackFunnelEventRequest = z.object({ event: z.enum(['subscriptions_page_opened'], { error: 'Unknown event.' }) });

/** The answer to a Stripe webhook delivery that was accepted (a duplicate included). */
export const webhookAcceptedResponse = z.object({ received: z.literal(true) });
