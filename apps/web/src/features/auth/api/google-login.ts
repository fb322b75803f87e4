import {
  googleLoginResponse,
  type GoogleLoginRequest,
  type SessionUser,
} from '@tradelist/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from './mutation-config';

/** POST /api/google-login/ with the Google Identity Services credential. */
export function googleLogin(data: GoogleLoginRequest): Promise<SessionUser> {
  return apiRequest(apiPaths.googleLogin, { method: 'POST', body: data, schema: googleLoginResponse });
}

/** Mutation hook for the Google sign-in and sign-up buttons. */
export function useGoogleLogin(config: MutationConfig<SessionUser, GoogleLoginRequest> = {}) {
  return useMutation({ ...config, mutationFn: googleLogin });
}
