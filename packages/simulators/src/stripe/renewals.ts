// What a subscription's time brings: the upcoming-invoice notice, the renewal at period end,
// and the retries of a failed renewal until the subscription is canceled.
import { addInterval, newId, type StripeEngine } from './engine.ts';
import { createInvoice, buildInvoice } from './invoices.ts';
import { payInvoice } from './payments.ts';
import type { StripeObject } from './store.ts';
import { endSubscription, periodEnd } from './subscriptions.ts';

/** Stripe's default for upcoming renewal events: 7 days before the renewal. */
export const UPCOMING_NOTICE_SECONDS = 7 * 24 * 3600;

/** Days after a failed renewal on which the renewal invoice is charged again. */
export const RENEWAL_RETRY_DAYS: readonly number[] = [3, 5, 7];
const DAY = 24 * 3600;

/**
 * `invoice.upcoming`, sent as Stripe's default "upcoming renewal events" setting does: 7 days
 * before a renewal, with a preview of the invoice (not stored, so its id cannot be retrieved).
 */
export function notifyUpcoming(engine: StripeEngine, subscription: StripeObject): void {
  const end = periodEnd(subscription);
  engine.state.upcomingNotified[subscription.id] = end;
  const items = (subscription['items'] as { data: Record<string, unknown>[] }).data;
  const price = items[0]!['price'] as StripeObject;
  const { interval, interval_count: count } = price['recurring'] as { interval: string; interval_count: number };
  const lineItems = renewalLines(engine, items);
  const preview = buildInvoice(engine, subscription['customer'] as string, subscription, lineItems, end - UPCOMING_NOTICE_SECONDS, { start: end, end: addInterval(end, interval, count) }, { start: items[0]!['current_period_start'] as number, end }, 'upcoming');
  // A preview: no number, not finalized, never stored (its id cannot be retrieved).
  engine.emit('invoice.upcoming', {
    ...preview,
    id: newId('upcoming_in'),
    effective_at: null,
    hosted_invoice_url: null,
    next_payment_attempt: end,
    number: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
  });
}

/**
 * Charges a past-due renewal invoice again on the customer's current card, on the days of
 * RENEWAL_RETRY_DAYS after the failure. Success makes the subscription active again; when the
 * last retry fails the subscription is canceled, Stripe's default when retries run out.
 */
export function retryRenewal(engine: StripeEngine, subscription: StripeObject, invoice: StripeObject): void {
  const at = invoice['next_payment_attempt'] as number;
  const customerId = subscription['customer'] as string;
  const error = payInvoice(engine, invoice, engine.state.cards[customerId] ?? '4000000000000341', at);
  if (!error) {
    invoice['next_payment_attempt'] = null;
    subscription['status'] = 'active';
    engine.emit('invoice.paid', invoice);
    engine.emit('invoice.payment_succeeded', invoice);
    engine.emit('customer.subscription.updated', subscription, { status: 'past_due' });
    return;
  }
  // attempt_count counts the first try too: retry n is attempt n + 1.
  const nextDay = RENEWAL_RETRY_DAYS[(invoice['attempt_count'] as number) - 1];
  invoice['next_payment_attempt'] = nextDay === undefined ? null : (invoice['created'] as number) + nextDay * DAY;
  engine.emit('invoice.payment_failed', invoice);
  if (nextDay === undefined) endSubscription(engine, subscription, at, 'payment_failed');
}

/** What a subscription's period end does: end it, or invoice and charge the next period. */
export function renewOrEnd(engine: StripeEngine, subscription: StripeObject): void {
  const end = periodEnd(subscription);
  if (subscription['cancel_at_period_end'] === true) {
    endSubscription(engine, subscription, end, 'cancellation_requested');
    return;
  }
  if (subscription['status'] === 'past_due') {
    // Retries outlasted the period (short intervals): end it, as when retries run out.
    endSubscription(engine, subscription, end, 'payment_failed');
    return;
  }
  const customerId = subscription['customer'] as string;
  const items = (subscription['items'] as { data: Record<string, unknown>[] }).data;
  const price = items[0]!['price'] as StripeObject;
  const { interval, interval_count: count } = price['recurring'] as { interval: string; interval_count: number };
  const nextEnd = addInterval(end, interval, count);
  const periodStart = items[0]!['current_period_start'] as number;
  // The period lives on the items (current API versions), so the items are what changed.
  const previous = { items: { ...(structuredClone(subscription['items']) as Record<string, unknown>) }, latest_invoice: subscription['latest_invoice'], status: subscription['status'] };
  for (const item of items) {
    item['current_period_start'] = end;
    item['current_period_end'] = nextEnd;
  }
  const lineItems = renewalLines(engine, items);
  const invoice = createInvoice(engine, customerId, subscription, lineItems, end, { start: end, end: nextEnd }, { start: periodStart, end }, 'subscription_cycle');
  subscription['latest_invoice'] = invoice.id;
  const card = engine.state.cards[customerId] ?? '4000000000000341';
  const error = payInvoice(engine, invoice, card, end);
  if (error) {
    invoice['next_payment_attempt'] = end + RENEWAL_RETRY_DAYS[0]! * DAY;
    subscription['status'] = 'past_due';
    engine.emit('invoice.payment_failed', invoice);
  } else {
    engine.emit('invoice.paid', invoice);
    engine.emit('invoice.payment_succeeded', invoice);
  }
  engine.emit('customer.subscription.updated', subscription, previous);
}

/** The invoice lines that bill a subscription's items for one more period. */
function renewalLines(engine: StripeEngine, items: Record<string, unknown>[]): Record<string, unknown>[] {
  return items.map((item) => ({
    amount_total: ((item['price'] as StripeObject)['unit_amount'] as number) * (item['quantity'] as number),
    price: item['price'],
    quantity: item['quantity'],
    description: engine.state.objects[(item['price'] as StripeObject)['product'] as string]?.['name'] ?? null,
  }));
}
