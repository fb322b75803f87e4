import { type LoginRequest, type LoginResponse } from '@tradelist/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/mutation-config';

/** POST /api/login_page/: email and password sign-in. */
export function login(data: LoginRequest): Promise<LoginResponse> {
  return callApi(api.accounts.logIn, { body: data });
}

/** Mutation hook for the login form. */
export function useLogin(config: MutationConfig<LoginResponse, LoginRequest> = {}) {
  return useMutation({ ...config, mutationFn: login });
}
