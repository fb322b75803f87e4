import type { ConfirmCheckoutSessionResponse, CreateCheckoutSessionRequest } from '@tradelist/contract/billing';
import { appRoutes } from '@tradelist/contract/app-routes';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { AppError, validationFailed } from '../../../errors.ts';
import { sha256 } from '../../../lib/secrets.ts';
import { setStripeCustomer } from '../repositories/customers.ts';
import { recordFunnelEvent } from '../repositories/ledger.ts';
import { findPlanByStripePrice, listSubscriptionsOfUser } from '../repositories/subscriptions.ts';
import { entitlingSubscription } from './entitling-subscription.ts';
import { requireStripe, withStripe } from './stripe-client.ts';
import { applyCheckoutSession, expireOpenCheckoutSessions } from './apply-checkout-session.ts';
import { subscriptionOverview } from './subscription-overview.ts';
import { withBillingLock, type BillingUser } from './with-billing-lock.ts';

const notOnSale = 'This plan is not on sale. Please choose a plan on the subscriptions page.';

/**
 * The user's Stripe customer: created once, then reused for every checkout. The idempotency key
 * names the user and the address the customer is made for, so a retry finds the same customer,
 * and an account cleared after a takeover (decision 0022) gets a new one for its new holder
 * rather than a replay of the previous holder's.
 */
async function ensureStripeCustomer(ctx: AppContext, trx: Db, user: BillingUser): Promise<string> {
  if (user.stripe_customer_id) return user.stripe_customer_id;
  const customer = await requireStripe(ctx).customers.create(
    { email: user.email, name: user.name, metadata: { user_id: String(user.id) } },
    { idempotencyKey: `tradelist-customer-${user.id}-${sha256(user.email.toLowerCase()).slice(0, 16)}` },
  );
  await setStripeCustomer(trx, user.id, customer.id);
  return customer.id;
}

/**
 * Starts Stripe's hosted checkout (product §7). Only a price the server sells is accepted, and it
 * must match `is_recurring` (the plan's recurring price with true, its one-time price with
 * false); a user who already pays for a subscription gets 409. The user's other open sessions
 * are expired first, so only the newest can be paid (decision 0021); one paid meanwhile is
 * applied, and then counts as the subscription they pay for. The session carries the user's id
 * (`client_reference_id`, metadata) so that its webhook finds them.
 */
export async function createCheckoutSession(ctx: AppContext, userId: number, input: CreateCheckoutSessionRequest): Promise<{ url: string }> {
  const plan = await findPlanByStripePrice(ctx.db, input.price_id);
  if (!plan || !plan.is_active || plan.is_free) throw validationFailed({ price_id: [notOnSale] });
  const expected = input.is_recurring ? plan.stripe_price_id_recurring : plan.stripe_price_id_one_time;
  if (expected !== input.price_id) {
    throw validationFailed({
      price_id: [input.is_recurring ? 'This price is paid once and does not renew; turn auto-renew off to buy it.' : 'This price renews automatically; turn auto-renew on to buy it.'],
    });
  }
  requireStripe(ctx);
  const outcome = await withStripe(ctx, 'create a checkout session', () =>
    withBillingLock(ctx, userId, async (trx, user) => {
      await expireOpenCheckoutSessions(ctx, trx, user, null);
      const paid = entitlingSubscription(
        (await listSubscriptionsOfUser(trx, user.id)).filter((s) => s.source !== 'complimentary'),
        ctx.clock.now(),
      );
      // Answered after the commit: a session found paid just now stays applied.
      if (paid) return { alreadySubscribed: true as const };
      const customer = await ensureStripeCustomer(ctx, trx, user);
      const metadata = { user_id: String(user.id), plan_id: String(plan.id) };
      const session = await requireStripe(ctx).checkout.sessions.create({
        mode: input.is_recurring ? 'subscription' : 'payment',
        line_items: [{ price: input.price_id, quantity: 1 }],
        customer,
        client_reference_id: String(user.id),
        success_url: `${ctx.config.appUrl}${appRoutes.dashboardSubscriptionsSuccess}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${ctx.config.appUrl}${appRoutes.dashboardSubscriptionsCancel}`,
        metadata,
        ...(input.is_recurring ? { subscription_data: { metadata } } : { payment_intent_data: { metadata }, invoice_creation: { enabled: true } }),
      });
      if (!session.url) throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment service did not return a checkout page. Please try again.');
      await recordFunnelEvent(trx, 'checkout_started', user.id, ctx.clock.now());
      return { url: session.url };
    }),
  );
  if (outcome === null) throw new AppError('UNAUTHENTICATED', 'Please log in again.');
  if ('alreadySubscribed' in outcome) throw new AppError('ALREADY_SUBSCRIBED', 'You already have an active subscription. You can manage it on the subscriptions page.');
  return outcome;
}

/**
 * The payment-return page's call: re-reads the Checkout Session from Stripe and applies it as its
 * webhook would, so access appears even when the webhook is late. A session of another user is
 * not found.
 */
export async function confirmCheckoutSession(ctx: AppContext, userId: number, sessionId: string): Promise<ConfirmCheckoutSessionResponse> {
  requireStripe(ctx);
  const outcome = await withStripe(ctx, 'confirm a checkout session', async () => {
    const session = await requireStripe(ctx)
      .checkout.sessions.retrieve(sessionId, { expand: ['line_items'] })
      .catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      });
    if (!session || session.client_reference_id !== String(userId)) throw new AppError('NOT_FOUND', 'This checkout session was not found.');
    return withBillingLock(ctx, userId, (trx, user) => applyCheckoutSession(ctx, trx, user, session));
  });
  return { paid: outcome?.paid ?? false, ...(await subscriptionOverview(ctx, userId)) };
}
