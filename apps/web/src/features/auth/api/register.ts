import type { RegisterRequest } from '@tradelist/contract/accounts';
import { type MessageBody } from '@tradelist/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/mutation-config';

/** POST /api/register/: creates an account and sends the activation email. */
export function register(data: RegisterRequest): Promise<MessageBody> {
  return callApi(api.accounts.register, { body: data });
}

/** Mutation hook for the registration form. */
export function useRegister(config: MutationConfig<MessageBody, RegisterRequest> = {}) {
  return useMutation({ ...config, mutationFn: register });
}
