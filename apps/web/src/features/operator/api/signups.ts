import { api } from '@tradelist/contract/api';
import type { DrawWinner } from '@tradelist/contract/operator-users';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { withOwnSuccess, type MutationConfig } from '../../../lib/mutation-config';
import { operatorKeys } from './query-keys';

export function newsletterQueryOptions(page: number) {
  return queryOptions({
    queryKey: operatorKeys.signups('newsletter', page),
    queryFn: ({ signal }) => callApi(api.operator.newsletterSignups, { query: { page } }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function drawQueryOptions(page: number) {
  return queryOptions({
    queryKey: operatorKeys.signups('draw', page),
    queryFn: ({ signal }) => callApi(api.operator.drawSignups, { query: { page } }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function setupCallsQueryOptions(page: number) {
  return queryOptions({
    queryKey: operatorKeys.signups('setup-calls', page),
    queryFn: ({ signal }) => callApi(api.operator.setupCallRequests, { query: { page } }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const useNewsletterSignups = (page: number) => useQuery(newsletterQueryOptions(page));
export const useDrawSignups = (page: number) => useQuery(drawQueryOptions(page));
export const useSetupCallRequests = (page: number) => useQuery(setupCallsQueryOptions(page));

/** POST /api/operator/signups/draw/winner/: `again` only when a winner was drawn before. */
export function useDrawWinner(config: MutationConfig<{ message: string; winner: DrawWinner }, boolean> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...withOwnSuccess(config, () => void queryClient.invalidateQueries({ queryKey: operatorKeys.all })),
    mutationFn: (again: boolean) => callApi(api.operator.drawWinner, { body: { again } }),
  });
}
