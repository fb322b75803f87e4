import type { ResetPasswordRequest } from '@tradelist/contract/accounts';
import { messageBody, type MessageBody } from '@tradelist/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from './mutation-config';

/** POST /api/reset-password/: sets a new password through a single-use link. */
export function resetPassword(data: ResetPasswordRequest): Promise<MessageBody> {
  return apiRequest(apiPaths.resetPassword, { method: 'POST', body: data, schema: messageBody });
}

/** Mutation hook for the reset-password form. */
export function useResetPassword(config: MutationConfig<MessageBody, ResetPasswordRequest> = {}) {
  return useMutation({ ...config, mutationFn: resetPassword });
}
