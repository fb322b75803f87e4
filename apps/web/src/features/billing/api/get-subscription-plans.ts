import { api } from '@tradelist/contract/api';
import type { SubscriptionPlan } from '@tradelist/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /api/subscription-plans/ (public): the plans on sale, in display order. */
export function getSubscriptionPlans(signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  return callApi(api.billing.subscriptionPlans, {}, { signal });
}

/** Plans and prices change rarely. */
export const subscriptionPlansQueryOptions = queryOptions({
  queryKey: ['subscription-plans'],
  queryFn: ({ signal }) => getSubscriptionPlans(signal),
  staleTime: 10 * 60_000,
});

/** The plans of the pricing cards and the subscriptions screen. */
export function useSubscriptionPlans() {
  return useQuery(subscriptionPlansQueryOptions);
}
