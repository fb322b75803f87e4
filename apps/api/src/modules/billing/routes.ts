import { api } from '@tradelist/contract/api';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { enforceRateLimits } from '../../security/rate-limits.ts';
import { requireUser } from '../../security/session-plugin.ts';
import { confirmCheckoutSession, createCheckoutSession } from './services/checkout.ts';
import { listPlans } from './services/list-plans.ts';
import { cancelSubscription, openBillingPortal, requestRefund, trackSubscriptionsPageOpened } from './services/manage-subscription.ts';
import { receiveStripeEvent, verifyStripeDelivery } from './services/stripe-events.ts';
import { subscriptionOverview } from './services/subscription-overview.ts';

const calls = api.billing;

/** Counts one call that reaches Stripe against the user's hourly allowance (429 beyond it). */
async function limitStripeCalls(ctx: AppContext, userId: number): Promise<number> {
  await enforceRateLimits(ctx, [{ key: `billing:user:${userId}`, rule: ctx.config.rateLimits.billingCallsPerUser }]);
  return userId;
}

/** The plan and subscription calls of product §7. */
export const billingRoutes: ApiModule = ({ public: open, user }, ctx) => {
  registerEndpoint(open, calls.subscriptionPlans, async () => listPlans(ctx));
  registerEndpoint(user, calls.createCheckoutSession, async (request) => createCheckoutSession(ctx, await limitStripeCalls(ctx, requireUser(request).id), request.body));
  registerEndpoint(user, calls.confirmCheckoutSession, async (request) => confirmCheckoutSession(ctx, await limitStripeCalls(ctx, requireUser(request).id), request.body.session_id));
  registerEndpoint(user, calls.subscription, async (request) => subscriptionOverview(ctx, requireUser(request).id));
  registerEndpoint(user, calls.cancelSubscription, async (request) => cancelSubscription(ctx, await limitStripeCalls(ctx, requireUser(request).id)));
  registerEndpoint(user, calls.requestRefund, async (request) => requestRefund(ctx, await limitStripeCalls(ctx, requireUser(request).id)));
  registerEndpoint(user, calls.billingPortalSession, async (request) => openBillingPortal(ctx, await limitStripeCalls(ctx, requireUser(request).id)));
  registerEndpoint(user, calls.trackFunnelEvent, async (request, reply) => {
    await trackSubscriptionsPageOpened(ctx, requireUser(request).id);
    return reply.code(204).send(null);
  });
};

/** Stripe's webhook, in the webhook context (raw body, signature checked before the handler). */
export function stripeWebhookVerifier(ctx: AppContext) {
  return (rawBody: Buffer, headers: Record<string, string | string[] | undefined>): void => {
    verifyStripeDelivery(ctx, rawBody, headers['stripe-signature']);
  };
}

/** The webhook route: the event is verified again here to read it (the check is cheap and keeps one parser). */
export function stripeWebhookRoutes(scope: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(scope, calls.stripeWebhook, async (request) => {
    const event = verifyStripeDelivery(ctx, request.rawBody ?? Buffer.alloc(0), request.headers['stripe-signature']);
    await receiveStripeEvent(ctx, event);
    return { received: true as const };
  });
}
