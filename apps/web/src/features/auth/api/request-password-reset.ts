import type { EmailOnlyRequest } from '@tradelist/contract/accounts';
import { messageBody, type MessageBody } from '@tradelist/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from './mutation-config';

/** POST /api/request-password-reset/: same answer whether or not the email is registered. */
export function requestPasswordReset(data: EmailOnlyRequest): Promise<MessageBody> {
  return apiRequest(apiPaths.requestPasswordReset, { method: 'POST', body: data, schema: messageBody });
}

/** Mutation hook for the forgot-password form. */
export function useRequestPasswordReset(config: MutationConfig<MessageBody, EmailOnlyRequest> = {}) {
  return useMutation({ ...config, mutationFn: requestPasswordReset });
}
