import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/**
 * What can be bought (product §3 Subscription plan). A paid plan is sold two ways (product §9): with
 * auto-renew, a subscription on the recurring price that renews every `billing_interval`; without,
 * a one-time payment on the one-time price for `period_months` months. `download_max_per_period`
 * limits the downloads of paid editions in each period.
 */
export interface PlansTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  /** What one payment costs (the whole year for the annual plan), in cents. */
  price_cents: number;
  regular_price_cents: number | null;
  /** 'none' for a free plan (nothing to pay, no period); 'year' goes with 12 months, 'month' with 1. */
  billing_interval: 'none' | 'month' | 'year';
  /** The length of one paid period; null for a free plan. */
  period_months: number | null;
  download_max_per_period: number;
  stripe_product_id: Generated<string | null>;
  stripe_price_id_recurring: string | null;
  stripe_price_id_one_time: string | null;
  is_free: Generated<boolean>;
  is_active: Generated<boolean>;
  /** Sort order of the pricing cards and the subscriptions screen. */
  position: Generated<number>;
}

/**
 * A user's right to paid editions. It began at `period_start` (editions current since then count
 * as bought); its current period runs from `current_period_start` to `period_end`, and the
 * downloads of that period count against the plan's maximum. A renewal or an extended grant
 * starts a new period.
 */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  /** past_due: a renewal payment failed and Stripe is retrying the card (access continues, decision 0012). */
  status: 'active' | 'canceled' | 'past_due' | 'expired';
  period_start: Timestamp;
  current_period_start: Timestamp;
  period_end: Timestamp;
  auto_renew: Generated<boolean>;
  source: 'complimentary' | 'stripe_subscription' | 'one_time_payment';
  stripe_subscription_id: Generated<string | null>;
  /** The Checkout Session of a one-time purchase (each is applied once). */
  stripe_checkout_session_id: Generated<string | null>;
  canceled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Webhook events of payment providers already received; each is processed once. */
export interface ProcessedProviderEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  received_at: Timestamp;
  processed_at: Timestamp | null;
}

/** A payment Stripe took: the first of a subscription, a renewal, or a one-time purchase. */
export interface PaymentsTable {
  id: Generated<number>;
  user_id: number | null;
  subscription_id: number | null;
  kind: 'first' | 'renewal' | 'one_time';
  stripe_invoice_id: string | null;
  stripe_payment_intent_id: string | null;
  amount_cents: number;
  currency: string;
  /** The period this payment bought. */
  period_start: Timestamp;
  period_end: Timestamp;
  paid_at: Timestamp;
  receipt_url: string | null;
  refunded_at: Timestamp | null;
  stripe_refund_id: string | null;
  created_at: Timestamp;
}

/** A billing email already sent about one thing (`subject_key`): each is sent once. */
export interface BillingNoticesTable {
  id: Generated<number>;
  kind: string;
  subject_key: string;
  user_id: number | null;
  created_at: Timestamp;
}

/** A step of the buying path, for the operator's funnel. */
export interface FunnelEventsTable {
  id: Generated<number>;
  event: 'subscriptions_page_opened' | 'checkout_started' | 'payment_succeeded';
  user_id: number | null;
  created_at: Timestamp;
}
