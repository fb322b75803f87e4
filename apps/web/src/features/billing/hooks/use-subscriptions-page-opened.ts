import { useCallback } from 'react';
import { pushDataLayer } from '../../../lib/data-layer';
import { useTrackSubscriptionsPageOpened } from '../api/track-funnel-event';
import { useOncePerOpen } from './use-once-per-open';

/** product §2.9: opening the subscriptions screen fires the subscription-start event and counts the step for the funnel. */
export function useSubscriptionsPageOpened(): void {
  const { mutate: track } = useTrackSubscriptionsPageOpened();
  useOncePerOpen(
    useCallback(() => {
      pushDataLayer({ event: 'subscription_start' });
      track();
    }, [track]),
  );
}
