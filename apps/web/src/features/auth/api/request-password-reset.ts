import type { EmailOnlyRequest } from '@tradelist/contract/accounts';
import { type MessageBody } from '@tradelist/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/mutation-config';

/** POST /api/request-password-reset/: same answer whether or not the email is registered. */
export function requestPasswordReset(data: EmailOnlyRequest): Promise<MessageBody> {
  return callApi(api.accounts.requestPasswordReset, { body: data });
}

/** Mutation hook for the forgot-password form. */
export function useRequestPasswordReset(config: MutationConfig<MessageBody, EmailOnlyRequest> = {}) {
  return useMutation({ ...config, mutationFn: requestPasswordReset });
}
