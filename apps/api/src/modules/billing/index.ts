/**
 * What other modules may use of billing (decision 0036): the subscription rule, the reads the
 * catalog's entitlements and the refund rule share, and the operations the console's users, the
 * command line and the account's life cycle call. Nothing else of this folder is imported from
 * outside; the console's plans are registered here (operator-routes.ts).
 */
export { setStripeCustomer } from './repositories/customers.ts';
export { listEditionsCountedInPeriod } from './repositories/list-use.ts';
export { findPlanById, listSubscriptionsOfUser } from './repositories/subscriptions.ts';
export { recordComplimentaryGrant, recordComplimentaryRevoke } from './services/complimentary-audit.ts';
export { endStripeSubscriptionsNow } from './services/end-subscriptions-now.ts';
export { entitlingSubscription, hasActiveSubscription, isEntitling } from './services/entitling-subscription.ts';
export { DEFAULT_GRANT_DAYS, grantSubscription, type GrantSubscriptionResult } from './services/grant-subscription.ts';
export { listPlans } from './services/list-plans.ts';
export { requestRefund, stopRenewal } from './services/manage-subscription.ts';
export { refundPaymentAsException } from './services/refund-payment.ts';
export { revokeSubscription, type RevokeSubscriptionResult } from './services/revoke-subscription.ts';
export { refundRuleRefusal, subscriptionOverview } from './services/subscription-overview.ts';
export { queueStripeCustomerUpdate } from './services/update-stripe-customer.ts';
