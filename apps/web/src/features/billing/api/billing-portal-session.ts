import { api } from '@tradelist/contract/api';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /api/billing-portal-session/: Stripe's billing portal, which links back to the subscriptions screen. */
export async function createBillingPortalSession(): Promise<string> {
  return (await callApi(api.billing.billingPortalSession, {})).url;
}

/** Opens the billing portal (card, invoices, renewal) in this tab. */
export function useBillingPortalSession({ onError }: { onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: createBillingPortalSession,
    onSuccess(url) {
      window.location.assign(url);
    },
    onError,
  });
}
