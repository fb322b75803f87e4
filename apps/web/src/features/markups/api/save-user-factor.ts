import { type SaveUserFactorRequest, type UserFactor } from '@tradelist/contract/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import { withOwnSuccess, type MutationConfig } from '../../../lib/mutation-config';
import { userFactorQueryOptions } from './get-user-factor';

/** POST /api/user_factor/ (email header): saves the markups; the answer is what was stored. */
export function saveUserFactor(data: SaveUserFactorRequest): Promise<UserFactor> {
  return callApi(api.catalog.saveUserFactor, { body: data });
}

/** Mutation hook for the markup form; the saved values replace the cached ones. */
export function useSaveUserFactor(config: MutationConfig<UserFactor, SaveUserFactorRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...withOwnSuccess(config, (saved) => queryClient.setQueryData(userFactorQueryOptions.queryKey, saved)),
    mutationFn: saveUserFactor,
  });
}
