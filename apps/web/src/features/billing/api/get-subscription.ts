import { api } from '@tradelist/contract/api';
import type { SubscriptionOverview } from '@tradelist/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { saveSubscriptionFlags } from '../../../lib/stored-session';
import { subscriptionFlags } from '../utils/subscription-text';

/** GET /api/subscription/: the user's subscription now, or null, and the active-subscription flag. */
export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionOverview> {
  const overview = await callApi(api.billing.subscription, {}, { signal });
  // The server is the truth: the stored flags follow it (a renewal, a cancellation in the portal).
  saveSubscriptionFlags(subscriptionFlags(overview));
  return overview;
}

/** Query options of the user's subscription (the subscriptions screen and the dashboard's banner). */
export const subscriptionQueryOptions = queryOptions({
  queryKey: ['subscription'],
  queryFn: ({ signal }) => getSubscription(signal),
  staleTime: 60_000,
});

/** The user's subscription. */
export function useSubscription() {
  return useQuery(subscriptionQueryOptions);
}
