import { api } from '@tradelist/contract/api';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { withOwnSuccess, type MutationConfig } from '../../../lib/mutation-config';

/** POST /api/billing-portal-session/: Stripe's billing portal, which links back to the subscriptions screen. */
export async function createBillingPortalSession(): Promise<string> {
  return (await callApi(api.billing.billingPortalSession, {})).url;
}

/** Opens the billing portal (card, invoices, renewal) in this tab. */
export function useBillingPortalSession(config: MutationConfig<string, void> = {}) {
  return useMutation({ ...withOwnSuccess(config, (url) => window.location.assign(url)), mutationFn: createBillingPortalSession });
}
