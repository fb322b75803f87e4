import { api } from '@tradelist/contract/api';
import type { ConfirmCheckoutSessionResponse } from '@tradelist/contract/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invalidateSubscriptionQueries } from '../../../lib/query-client';

/**
 * POST /api/confirm-checkout-session/: the server asks Stripe about the checkout the user comes
 * back from and applies it, as its webhook would (product §10.12); `paid` says whether it was paid.
 */
export function confirmCheckoutSession(sessionId: string): Promise<ConfirmCheckoutSessionResponse> {
  return callApi(api.billing.confirmCheckoutSession, { body: { session_id: sessionId } });
}

/** The payment-return page's call; what depends on the subscription is read again afterwards. */
export function useConfirmCheckoutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCheckoutSession,
    onSettled() {
      void invalidateSubscriptionQueries(queryClient);
    },
  });
}
