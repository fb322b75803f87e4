import { type UserFactor } from '@tradelist/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';

/** GET /api/user-factor/ (email header): the user's saved markups, tax and the two QuickBooks texts. */
export function getUserFactor(signal?: AbortSignal): Promise<UserFactor> {
  return callApi(api.catalog.userFactor, {}, { signal });
}

/** Query options for the saved user factor; failures toast product §8's message. */
export const userFactorQueryOptions = queryOptions({
  queryKey: ['user-factor'],
  queryFn: ({ signal }) => getUserFactor(signal),
  meta: { errorMessage: 'Failed to fetch user factor data' },
});

/** The saved user factor; nothing is asked while no email is stored (product §5). */
export function useUserFactor({ enabled }: { enabled: boolean }) {
  return useQuery({ ...userFactorQueryOptions, enabled });
}
