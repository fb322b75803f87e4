import type { RegisterRequest } from '@tradelist/contract/accounts';
import { messageBody, type MessageBody } from '@tradelist/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from './mutation-config';

/** POST /api/register/: creates an account and sends the activation email. */
export function register(data: RegisterRequest): Promise<MessageBody> {
  return apiRequest(apiPaths.register, { method: 'POST', body: data, schema: messageBody });
}

/** Mutation hook for the registration form. */
export function useRegister(config: MutationConfig<MessageBody, RegisterRequest> = {}) {
  return useMutation({ ...config, mutationFn: register });
}
