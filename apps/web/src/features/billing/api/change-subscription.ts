import { api } from '@tradelist/contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { withOwnSuccess, type MutationConfig } from '../../../lib/mutation-config';
import { invalidateSubscriptionQueries } from '../../../lib/query-client';
import { saveSubscriptionFlags } from '../../../lib/stored-session';
import { subscriptionFlags } from '../utils/subscription-text';
import { subscriptionQueryOptions } from './get-subscription';

/** POST /api/cancel-subscription/: the renewal stops; the subscription ends when its period does. 409 NOTHING_TO_CANCEL. */
export function cancelSubscription() {
  return callApi(api.billing.cancelSubscription, {});
}

/** POST /api/request-refund/: the refund of product §10.6, which ends the subscription now. 409 REFUND_NOT_ALLOWED. */
export function requestRefund() {
  return callApi(api.billing.requestRefund, {});
}

/**
 * Cancels the renewal. The answer's subscription replaces the cached one at once; the flags say
 * the subscription is no longer active (`status2` false, product §4) while `status` keeps the
 * paid period usable.
 */
export function useCancelSubscription(config: MutationConfig<Awaited<ReturnType<typeof cancelSubscription>>, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...withOwnSuccess(config, (answer) => {
      saveSubscriptionFlags({ status: answer.status, status2: false });
      queryClient.setQueryData(subscriptionQueryOptions.queryKey, { status: answer.status, subscription: answer.subscription });
      void invalidateSubscriptionQueries(queryClient);
    }),
    mutationFn: cancelSubscription,
  });
}

/** Asks for the refund; on success the subscription has ended and the flags follow the answer. */
export function useRequestRefund(config: MutationConfig<Awaited<ReturnType<typeof requestRefund>>, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...withOwnSuccess(config, (answer) => {
      const overview = { status: answer.status, subscription: answer.subscription };
      saveSubscriptionFlags(subscriptionFlags(overview));
      queryClient.setQueryData(subscriptionQueryOptions.queryKey, overview);
      void invalidateSubscriptionQueries(queryClient);
    }),
    mutationFn: requestRefund,
  });
}
