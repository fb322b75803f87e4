import { api } from '@tradelist/contract/api';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /api/funnel-events/: counts the subscriptions page's opening for the operator's funnel. */
export async function trackSubscriptionsPageOpened(): Promise<void> {
  await callApi(api.billing.trackFunnelEvent, { body: { event: 'subscriptions_page_opened' } });
}

/** The call as a mutation; a failure is not the user's concern and is not shown. */
export function useTrackSubscriptionsPageOpened() {
  return useMutation({ mutationFn: trackSubscriptionsPageOpened });
}
