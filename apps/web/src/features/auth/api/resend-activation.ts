import type { EmailOnlyRequest } from '@tradelist/contract/accounts';
import { messageBody, type MessageBody } from '@tradelist/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from './mutation-config';

/** POST /api/resend-activation/: sends a fresh activation link. */
export function resendActivation(data: EmailOnlyRequest): Promise<MessageBody> {
  return apiRequest(apiPaths.resendActivation, { method: 'POST', body: data, schema: messageBody });
}

/** Mutation hook for the login screen's "Resend activation email" button. */
export function useResendActivation(config: MutationConfig<MessageBody, EmailOnlyRequest> = {}) {
  return useMutation({ ...config, mutationFn: resendActivation });
}
