import { loginResponse, type LoginRequest, type LoginResponse } from '@tradelist/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from './mutation-config';

/** POST /api/login_page/: email and password sign-in. */
export function login(data: LoginRequest): Promise<LoginResponse> {
  return apiRequest(apiPaths.login, { method: 'POST', body: data, schema: loginResponse });
}

/** Mutation hook for the login form. */
export function useLogin(config: MutationConfig<LoginResponse, LoginRequest> = {}) {
  return useMutation({ ...config, mutationFn: login });
}
