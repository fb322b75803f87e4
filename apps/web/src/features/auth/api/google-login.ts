import {
  type GoogleLoginRequest,
  type SessionUser,
} from '@tradelist/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/mutation-config';

/** POST /api/google-login/ with the Google Identity Services credential. */
export function googleLogin(data: GoogleLoginRequest): Promise<SessionUser> {
  return callApi(api.accounts.logInWithGoogle, { body: data });
}

/** Mutation hook for the Google sign-in and sign-up buttons. */
export function useGoogleLogin(config: MutationConfig<SessionUser, GoogleLoginRequest> = {}) {
  return useMutation({ ...config, mutationFn: googleLogin });
}
