import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from './mutation-config';

/** GET /api/logout/ (204): ends the server session; the XSRF header is required. */
export async function logout(): Promise<void> {
  await apiRequest(apiPaths.logout, { schema: z.unknown(), needsXsrfToken: true });
}

/** Mutation hook behind the Logout button. */
export function useLogoutMutation(config: MutationConfig<void, void> = {}) {
  return useMutation({ ...config, mutationFn: logout });
}
