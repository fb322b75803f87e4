import { type PublicConfig } from '@tradelist/contract/public-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';

/** GET /api/config/: the browser's allow-listed settings (also sets the XSRF-TOKEN cookie). */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return callApi(api.config.publicConfig, {}, { signal });
}

/** Loaded once per page load; it does not change while the app runs. */
export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) => getPublicConfig(signal),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The public config, or undefined while it loads or when it failed. */
export function usePublicConfig(): PublicConfig | undefined {
  return useQuery(publicConfigQueryOptions).data;
}
