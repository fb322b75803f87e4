import { api } from '@tradelist/contract/api';
import type { CreateCheckoutSessionRequest } from '@tradelist/contract/billing';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { withOwnSuccess, type MutationConfig } from '../../../lib/mutation-config';

/**
 * POST /api/create-checkout-session/: a Stripe checkout for the chosen price; the answer is the
 * hosted checkout page's URL. 409 ALREADY_SUBSCRIBED, 502 PAYMENT_PROVIDER_ERROR.
 */
export async function createCheckoutSession(request: CreateCheckoutSessionRequest): Promise<string> {
  return (await callApi(api.billing.createCheckoutSession, { body: request })).url;
}

/** Starts the checkout and sends the browser to Stripe's page. */
export function useCreateCheckoutSession(config: MutationConfig<string, CreateCheckoutSessionRequest> = {}) {
  return useMutation({ ...withOwnSuccess(config, (url) => window.location.assign(url)), mutationFn: createCheckoutSession });
}
