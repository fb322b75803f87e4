import type Stripe from 'stripe';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { findUserIdByStripeCustomer } from '../repositories/customers.ts';
import { markProviderEventProcessed, recordProviderEvent } from '../repositories/ledger.ts';
import { requireStripe } from './stripe-client.ts';
import { applyCheckoutSession } from './apply-checkout-session.ts';
import { applyRefundedCharge } from './apply-refunded-charge.ts';
import { remindOfRenewal } from './remind-of-renewal.ts';
import { syncStripeSubscription } from './sync-stripe-subscription.ts';
import { withBillingLock } from './with-billing-lock.ts';

const PROVIDER = 'stripe';
/** Stripe's own default: a signature older than this is refused (a replayed delivery). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The events the app acts on; any other is acknowledged and recorded, and nothing else happens. */
export const handledStripeEvents = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.upcoming',
  'charge.refunded',
] as const;
type HandledType = (typeof handledStripeEvents)[number];
const isHandled = (type: string): type is HandledType => (handledStripeEvents as readonly string[]).includes(type);

/** What the job needs to know of an event: which object to re-read, and whose it is. */
const eventPayload = z.object({
  eventId: z.string(),
  type: z.enum(handledStripeEvents),
  objectId: z.string().nullable(),
  customerId: z.string().nullable(),
  clientReferenceId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  amountDue: z.number().int().nullable(),
  currency: z.string().nullable(),
});
type EventPayload = z.infer<typeof eventPayload>;

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : null;

/** The parts of a (signature-checked) event the job needs. */
export function describeEvent(event: Stripe.Event): EventPayload | null {
  if (!isHandled(event.type)) return null;
  const object = event.data.object as unknown as Record<string, unknown>;
  const parent = object['parent'] as { subscription_details?: { subscription?: unknown } } | null | undefined;
  const subscriptionId =
    event.type.startsWith('customer.subscription.') ? idOf(object['id']) : idOf(parent?.subscription_details?.subscription) ?? idOf(object['subscription']);
  return {
    eventId: event.id,
    type: event.type,
    objectId: idOf(object['id']),
    customerId: idOf(object['customer']),
    clientReferenceId: typeof object['client_reference_id'] === 'string' ? object['client_reference_id'] : null,
    subscriptionId,
    amountDue: typeof object['amount_due'] === 'number' ? object['amount_due'] : null,
    currency: typeof object['currency'] === 'string' ? object['currency'] : null,
  };
}

/**
 * The events whose handler re-reads their object by its id. Invoice events are read through
 * their subscription instead: an upcoming invoice is a preview that older API versions send
 * without an id.
 */
const eventsReadById: ReadonlySet<string> = new Set<HandledType>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
]);

/**
 * The shape every event must have before it is recorded: an id, a type and `data.object`; the
 * events the app re-reads by their object's id must carry it. Stripe never sends less, so a
 * signed body without these is refused (400) rather than recorded and retried for nothing.
 */
const eventShape = z
  .object({
    id: z.string({ error: 'is missing' }).min(1, { error: 'is empty' }),
    object: z.literal('event', { error: 'must be "event"' }),
    type: z.string({ error: 'is missing' }).min(1, { error: 'is empty' }),
    data: z.object({ object: z.record(z.string(), z.unknown(), { error: 'must be an object' }) }, { error: 'must be an object' }),
  })
  .superRefine((event, check) => {
    if (eventsReadById.has(event.type) && typeof event.data.object['id'] !== 'string') {
      check.addIssue({ code: 'custom', path: ['data', 'object', 'id'], message: `is missing (a ${event.type} event names its object)` });
    }
  });

/** Refuses a signed body that is not a Stripe event (400), naming the first field that is wrong. */
function requireEventShape(event: Stripe.Event): Stripe.Event {
  const parsed = eventShape.safeParse(event);
  if (parsed.success) return event;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the body';
  throw new AppError('VALIDATION_FAILED', `This is not a Stripe event: ${where} ${issue.path.length > 0 ? issue.message : 'must be an object'}.`);
}

/**
 * Checks a delivery's Stripe-Signature against the raw body (HMAC-SHA256 with the webhook
 * secret, within 300 s); a missing, wrong or stale signature is a 400 and nothing is stored.
 * A signed body that is not an event (no id, not an object, no `data.object`) is a 400 too.
 */
export function verifyStripeDelivery(ctx: Pick<AppContext, 'stripe' | 'config'>, rawBody: Buffer, signature: string | string[] | undefined): Stripe.Event {
  const secret = ctx.config.stripe.webhookSecret;
  if (!ctx.stripe || !secret) throw new AppError('PAYMENT_PROVIDER_ERROR', 'Payments are not set up on this server.');
  if (typeof signature !== 'string' || signature === '') throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    // Freshness is measured on the wall clock, as Stripe signs with it.
    event = ctx.stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The Stripe-Signature header does not match this payload, or is too old.');
  }
  return requireEventShape(event);
}

/**
 * Takes a verified event: records its id and queues its processing, in one transaction. A second
 * delivery of the same id finds it recorded and changes nothing. The answer goes back to Stripe
 * at once; the work happens in the job (which re-reads Stripe, so a late or out-of-order event
 * cannot undo a newer state).
 */
export async function receiveStripeEvent(ctx: AppContext, event: Stripe.Event): Promise<{ duplicate: boolean }> {
  const payload = describeEvent(event);
  const duplicate = await runUnitOfWork(ctx, async (trx) => {
    const recorded = await recordProviderEvent(trx, { provider: PROVIDER, eventId: event.id, type: event.type, now: ctx.clock.now() });
    if (!recorded.isNew) return true;
    if (payload) await ctx.queue.enqueue(processStripeEvent, payload, { db: trx });
    else await markProviderEventProcessed(trx, PROVIDER, event.id, ctx.clock.now());
    return false;
  });
  return { duplicate };
}

/** The user an event is about: by their Stripe customer, else the id the checkout carried. */
async function userOfEvent(ctx: AppContext, payload: EventPayload): Promise<number | undefined> {
  if (payload.customerId) {
    const byCustomer = await findUserIdByStripeCustomer(ctx.db, payload.customerId);
    if (byCustomer) return byCustomer;
  }
  const reference = Number(payload.clientReferenceId);
  return Number.isSafeInteger(reference) && reference > 0 ? reference : undefined;
}

/** Applies one event: re-reads what it is about from Stripe and brings the user's state up to date. */
async function applyEvent(ctx: AppContext, payload: EventPayload): Promise<void> {
  const userId = await userOfEvent(ctx, payload);
  const done = await withBillingLock(ctx, userId ?? 0, async (trx, user) => {
    const stripe = requireStripe(ctx);
    switch (payload.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = await stripe.checkout.sessions.retrieve(payload.objectId!, { expand: ['line_items'] });
        if (session.client_reference_id && session.client_reference_id !== String(user.id)) break;
        await applyCheckoutSession(ctx, trx, user, session);
        break;
      }
      case 'invoice.upcoming':
        if (payload.subscriptionId) await remindOfRenewal(ctx, trx, user, payload.subscriptionId, payload.amountDue ?? 0, payload.currency ?? 'usd');
        break;
      case 'charge.refunded':
        if (payload.objectId) await applyRefundedCharge(ctx, trx, user, payload.objectId);
        break;
      default:
        if (payload.subscriptionId) await syncStripeSubscription(ctx, trx, user, payload.subscriptionId);
    }
    await markProviderEventProcessed(trx, PROVIDER, payload.eventId, ctx.clock.now());
    return true;
  });
  if (done === null) {
    // Not one of our users (another application on the same Stripe account, or a deleted user).
    ctx.log.warn({ event: payload.eventId, type: payload.type }, 'Stripe event for no known user');
    await markProviderEventProcessed(ctx.db, PROVIDER, payload.eventId, ctx.clock.now());
  }
}

/**
 * The processing of one Stripe event. Retried with backoff while Stripe or the database fails;
 * its effects and the event's "processed" mark commit together, so a crash before the commit
 * leaves nothing behind and the retry applies the event once.
 */
export const processStripeEvent = defineJob({
  name: 'stripe-event',
  payload: eventPayload,
  concurrency: 2,
  maxAttempts: 12,
  backoff: { baseSeconds: 10, maxSeconds: 60 * 60 },
  idempotencyKey: (payload) => payload.eventId,
  handle: async (payload, { ctx }) => applyEvent(ctx, payload),
  onGiveUp: async (payload, error, { ctx }) => {
    ctx.log.error({ event: payload.eventId, type: payload.type, error }, 'Stripe event could not be applied; it stays unprocessed');
  },
});
