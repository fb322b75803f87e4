import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { clearSession } from './stored-session';

/** Creates the app's query client: no retries on API answers, and a 401 ends the local session. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error) {
        // The server no longer knows this browser's session: drop local state; the dashboard
        // guard then redirects to /login (SPEC §4, brief: 401 from /api/me/).
        if (isApiError(error) && error.status === 401) clearSession();
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
