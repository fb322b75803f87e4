import { useMutation } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/mutation-config';

/** GET /api/logout/ (204): ends the server session; the XSRF header is required. */
export async function logout(): Promise<void> {
  await callApi(api.accounts.logOut, {});
}

/** Mutation hook behind the Logout button. */
export function useLogoutMutation(config: MutationConfig<void, void> = {}) {
  return useMutation({ ...config, mutationFn: logout });
}
