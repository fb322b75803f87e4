import { type SaveUserFactorRequest, type UserFactor } from '@tradelist/contract/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import { userFactorQueryOptions } from './get-user-factor';

/** POST /api/user_factor/ (email header): saves the markups; the answer is what was stored. */
export function saveUserFactor(data: SaveUserFactorRequest): Promise<UserFactor> {
  return callApi(api.catalog.saveUserFactor, { body: data });
}

interface SaveUserFactorConfig {
  onSuccess?: (saved: UserFactor) => void;
  onError?: (error: Error) => void;
}

/** Mutation hook for the markup form; the saved values replace the cached ones. */
export function useSaveUserFactor({ onSuccess, onError }: SaveUserFactorConfig = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserFactor,
    onSuccess(saved) {
      queryClient.setQueryData(userFactorQueryOptions.queryKey, saved);
      onSuccess?.(saved);
    },
    onError,
  });
}
