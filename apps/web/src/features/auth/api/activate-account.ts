import type { ActivateRequest } from '@tradelist/contract/accounts';
import { messageBody, type MessageBody } from '@tradelist/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from './mutation-config';

/** POST /api/activate/: consumes the single-use activation link. */
export function activateAccount(data: ActivateRequest): Promise<MessageBody> {
  return apiRequest(apiPaths.activate, { method: 'POST', body: data, schema: messageBody });
}

/** Mutation hook for the activation screen. */
export function useActivateAccount(config: MutationConfig<MessageBody, ActivateRequest> = {}) {
  return useMutation({ ...config, mutationFn: activateAccount });
}
