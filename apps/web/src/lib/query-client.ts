import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { notify } from './notify';
import { clearSession } from './stored-session';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** A product §8 message to toast when this query fails (not for a 401: that ends the session). */
      errorMessage?: string;
    };
  }
}

/** Queries whose answers are the same for everyone (kept when the signed-in user changes). */
const publicQueryRoots = new Set<unknown>(['public-config', 'categories']);

/**
 * Drops every cached answer that belongs to a user (markups, editions, preview, me), so the next
 * person to sign in on this tab never sees the previous one's data.
 */
export function removeUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !publicQueryRoots.has(query.queryKey[0]) });
}

/**
 * Queries whose answers change with the user's subscription (product §4 catalog rights): the
 * subscription itself, the session's subscriber flag, the catalog's editions and allowance, and
 * the preview's list (the paid list for a subscriber, the free demo otherwise).
 */
const subscriptionQueryRoots = new Set<unknown>(['subscription', 'me', 'latest-collection', 'preview-products']);

/** After a payment is confirmed, a subscription cancelled or refunded: read all of them again. */
export function invalidateSubscriptionQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => subscriptionQueryRoots.has(query.queryKey[0]) });
}

/** Creates the app's query client: no retries on API answers, and a 401 ends the local session. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        // The server no longer knows this browser's session: drop local state; the dashboard
        // guard then redirects to /login (product §4.1: any call answering 401).
        if (isApiError(error) && error.status === 401) {
          clearSession();
          return;
        }
        const message = query.meta?.errorMessage;
        if (message) notify.error(message);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isApiError(error) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
