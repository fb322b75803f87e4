import { userFactor, type SaveUserFactorRequest, type UserFactor } from '@tradelist/contract/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { userFactorQueryOptions } from './get-user-factor';

/** POST /api/user_factor/ (email header): saves the markups; the answer is what was stored. */
export function saveUserFactor(data: SaveUserFactorRequest): Promise<UserFactor> {
  return apiRequest(apiPaths.saveUserFactor, { method: 'POST', body: data, schema: userFactor });
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
