import type { ResetPasswordRequest } from '@tradelist/contract/accounts';
import { type MessageBody } from '@tradelist/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/mutation-config';

/** POST /api/reset-password/: sets a new password through a single-use link. */
export function resetPassword(data: ResetPasswordRequest): Promise<MessageBody> {
  return callApi(api.accounts.resetPassword, { body: data });
}

/** Mutation hook for the reset-password form. */
export function useResetPassword(config: MutationConfig<MessageBody, ResetPasswordRequest> = {}) {
  return useMutation({ ...config, mutationFn: resetPassword });
}
