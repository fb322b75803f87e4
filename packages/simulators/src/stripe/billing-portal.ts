// Billing portal sessions: the link to the hosted page where a customer manages a subscription.
import { newId, type StripeEngine } from './engine.ts';
import { allowOnly, checkUrl, requiredStr, str, type Params } from './params.ts';
import type { StripeObject } from './store.ts';

/** Creates a portal session for a customer. */
export function createPortalSession(engine: StripeEngine, params: Params): StripeObject {
  allowOnly(params, ['customer', 'return_url', 'configuration', 'locale', 'flow_data', 'expand', 'on_behalf_of']);
  const customerId = requiredStr(params, 'customer');
  engine.get(customerId, 'customer', 'customer', 'customer');
  const returnUrl = str(params, 'return_url');
  if (returnUrl) checkUrl(returnUrl, 'return_url');
  const id = newId('bps');
  return engine.put({
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_simulator_default',
    created: engine.nowFor(customerId),
    customer: customerId,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: str(params, 'locale') ?? null,
    on_behalf_of: null,
    return_url: returnUrl ?? null,
    url: `${engine.baseUrl()}/billing_portal/${id}`,
  });
}
