import type { ActivateRequest } from '@tradelist/contract/accounts';
import { type MessageBody } from '@tradelist/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/mutation-config';

/** POST /api/activate/: consumes the single-use activation link. */
export function activateAccount(data: ActivateRequest): Promise<MessageBody> {
  return callApi(api.accounts.activate, { body: data });
}

/** Mutation hook for the activation screen. */
export function useActivateAccount(config: MutationConfig<MessageBody, ActivateRequest> = {}) {
  return useMutation({ ...config, mutationFn: activateAccount });
}
