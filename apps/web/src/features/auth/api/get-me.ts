import type { SessionUser } from '@tradelist/contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import { saveSession } from '../../../lib/stored-session';

/** GET /api/me/: the session's user; a 401 means the browser holds no valid session. */
export async function getMe(signal?: AbortSignal): Promise<SessionUser> {
  const user = await callApi(api.accounts.me, {}, { signal });
  // The server is the truth: refresh the locally stored flags (status, update1, ...).
  saveSession(user);
  return user;
}

/** Query options for the signed-in user. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 60_000,
});

/** The signed-in user, checked against the server when the dashboard mounts. */
export function useMe() {
  return useQuery(meQueryOptions);
}
