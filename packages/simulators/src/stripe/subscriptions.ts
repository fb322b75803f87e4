// Subscriptions: created by a paid checkout, updated (cancel at period end), canceled and ended.
import { addInterval, newId, nulls, type StripeEngine } from './engine.ts';
import { allowOnly, bool, invalid, mergeMetadata, str, type Params } from './params.ts';
import type { StripeObject } from './store.ts';

/** The active subscription a paid checkout creates, its period on its items. */
export function createSubscription(engine: StripeEngine, customerId: string, lineItems: Record<string, unknown>[], metadata: Record<string, string>, now: number): StripeObject {
  const recurring = lineItems.find((item) => (item['price'] as StripeObject)['type'] === 'recurring')!;
  const price = recurring['price'] as StripeObject;
  const { interval, interval_count: count } = price['recurring'] as { interval: string; interval_count: number };
  const periodEnd = addInterval(now, interval, count);
  const id = newId('sub');
  const customer = engine.state.objects[customerId]!;
  return engine.put({
    id,
    object: 'subscription',
    ...nulls('application', 'application_fee_percent', 'billing_cycle_anchor_config', 'billing_thresholds', 'customer_account', 'days_until_due', 'default_source', 'managed_payments', 'next_pending_invoice_item_invoice',
      'on_behalf_of', 'pause_collection', 'pending_invoice_item_interval', 'pending_setup_intent', 'pending_update', 'schedule', 'transfer_data', 'trial_settings'),
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: price['currency'],
    customer: customerId,
    default_payment_method: null,
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: lineItems
        .filter((item) => (item['price'] as StripeObject)['type'] === 'recurring')
        .map((item) => ({
          id: newId('si', 14),
          object: 'subscription_item',
          billing_thresholds: null,
          created: now,
          current_trial: null,
          discounts: [],
          current_period_start: now,
          current_period_end: periodEnd,
          metadata: {},
          plan: planOf(item['price'] as StripeObject),
          price: item['price'],
          quantity: item['quantity'],
          subscription: id,
          tax_rates: [],
        })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    start_date: now,
    status: 'active',
    test_clock: customer['test_clock'] ?? null,
    trial_end: null,
    trial_start: null,
  });
}

/** Updates a subscription; `cancel_at_period_end` sets or clears the cancellation. */
export function updateSubscription(engine: StripeEngine, id: string, params: Params): StripeObject {
  allowOnly(params, ['cancel_at_period_end', 'metadata', 'expand', 'description', 'proration_behavior']);
  const subscription = engine.get(id, 'subscription', 'subscription');
  if (subscription['status'] === 'canceled') {
    throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const previous: Record<string, unknown> = {};
  const cancelAtEnd = bool(params, 'cancel_at_period_end');
  const now = engine.nowFor(subscription['customer'] as string);
  if (cancelAtEnd !== undefined && cancelAtEnd !== subscription['cancel_at_period_end']) {
    previous['cancel_at_period_end'] = subscription['cancel_at_period_end'];
    previous['cancel_at'] = subscription['cancel_at'];
    previous['canceled_at'] = subscription['canceled_at'];
    subscription['cancel_at_period_end'] = cancelAtEnd;
    subscription['cancel_at'] = cancelAtEnd ? periodEnd(subscription) : null;
    subscription['canceled_at'] = cancelAtEnd ? now : null;
    subscription['cancellation_details'] = { comment: null, feedback: null, feedback_option: null, reason: cancelAtEnd ? 'cancellation_requested' : null };
  }
  const description = str(params, 'description');
  if (description !== undefined) {
    previous['description'] = subscription['description'];
    subscription['description'] = description || null;
  }
  if (params['metadata'] !== undefined) {
    previous['metadata'] = subscription['metadata'];
    subscription['metadata'] = mergeMetadata(subscription['metadata'] as Record<string, string>, params);
  }
  if (Object.keys(previous).length > 0) engine.emit('customer.subscription.updated', subscription, previous);
  return subscription;
}

/** Cancels a subscription now. */
export function cancelSubscription(engine: StripeEngine, id: string, params: Params): StripeObject {
  allowOnly(params, ['expand', 'invoice_now', 'prorate', 'cancellation_details']);
  const subscription = engine.get(id, 'subscription', 'subscription');
  if (subscription['status'] === 'canceled') {
    throw invalid(`Subscription ${id} is already canceled.`, 'id', 'subscription_canceled');
  }
  endSubscription(engine, subscription, engine.nowFor(subscription['customer'] as string), 'cancellation_requested');
  return subscription;
}

/** Ends a subscription at `at`, for `reason`, and emits `customer.subscription.deleted`. */
export function endSubscription(engine: StripeEngine, subscription: StripeObject, at: number, reason: string): void {
  subscription['status'] = 'canceled';
  subscription['ended_at'] = at;
  subscription['canceled_at'] ??= at;
  subscription['cancellation_details'] = { comment: null, feedback: null, feedback_option: null, reason };
  engine.emit('customer.subscription.deleted', subscription);
}

/** A subscription's current period end (on its items, as in current API versions). */
export function periodEnd(subscription: StripeObject): number {
  const items = (subscription['items'] as { data: Record<string, unknown>[] }).data;
  return items[0]!['current_period_end'] as number;
}

/** A price as the legacy `plan` object Stripe still sends on subscription items. */
function planOf(price: StripeObject): Record<string, unknown> {
  const recurring = price['recurring'] as { interval: string; interval_count: number; usage_type: string; meter: string | null; trial_period_days: number | null };
  return {
    id: price.id,
    object: 'plan',
    active: price['active'],
    amount: price['unit_amount'],
    amount_decimal: price['unit_amount_decimal'],
    billing_scheme: 'per_unit',
    created: price['created'],
    currency: price['currency'],
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price['metadata'],
    meter: recurring.meter,
    nickname: price['nickname'],
    product: price['product'],
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: recurring.trial_period_days,
    usage_type: recurring.usage_type,
  };
}

/** The id of the subscription item that bills a line's price. */
export function subscriptionItemOf(subscription: StripeObject, line: Record<string, unknown>): string {
  const items = (subscription['items'] as { data: Record<string, unknown>[] }).data;
  const priceId = (line['price'] as StripeObject).id;
  return (items.find((item) => (item['price'] as StripeObject).id === priceId) ?? items[0]!)['id'] as string;
}
