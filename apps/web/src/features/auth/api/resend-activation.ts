import type { EmailOnlyRequest } from '@tradelist/contract/accounts';
import { type MessageBody } from '@tradelist/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/mutation-config';

/** POST /api/resend-activation/: sends a fresh activation link. */
export function resendActivation(data: EmailOnlyRequest): Promise<MessageBody> {
  return callApi(api.accounts.resendActivation, { body: data });
}

/** Mutation hook for the login screen's "Resend activation email" button. */
export function useResendActivation(config: MutationConfig<MessageBody, EmailOnlyRequest> = {}) {
  return useMutation({ ...config, mutationFn: resendActivation });
}
