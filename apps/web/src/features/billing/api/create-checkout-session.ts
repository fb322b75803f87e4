import { api } from '@tradelist/contract/api';
import type { CreateCheckoutSessionRequest } from '@tradelist/contract/billing';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/create-checkout-session/: a Stripe checkout for the chosen price; the answer is the
 * hosted checkout page's URL. 409 ALREADY_SUBSCRIBED, 502 PAYMENT_PROVIDER_ERROR.
 */
export async function createCheckoutSession(request: CreateCheckoutSessionRequest): Promise<string> {
  return (await callApi(api.billing.createCheckoutSession, { body: request })).url;
}

/** Starts the checkout and sends the browser to Stripe's page. */
export function useCreateCheckoutSession({ onError }: { onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: createCheckoutSession,
    onSuccess(url) {
      window.location.assign(url);
    },
    onError,
  });
}
