import type { SessionUser } from '@tradelist/contract/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { removeUserQueries } from '../../../lib/query-client';
import { returnPathParam, safeReturnPath } from '../../../lib/return-path';
import { saveSession } from '../../../lib/stored-session';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { meQueryOptions } from '../api/get-me';

/**
 * Where a sign-in leads: the page that sent the visitor to /login (`?next=`, same-origin paths
 * only, so the link cannot redirect elsewhere), else the dashboard.
 */
export function useSignInDestination(): { path: string; isReturn: boolean } {
  const [searchParams] = useSearchParams();
  const returnPath = safeReturnPath(searchParams.get(returnPathParam), window.location.origin);
  return returnPath ? { path: returnPath, isReturn: true } : { path: paths.dashboard, isReturn: false };
}

/** The toasts of signing in (the form and the Google button): a success replaces the errors shown before. */
export const signInToasts = { form: 'sign-in' } as const;

/** product §4/§8: after a (Google) login, store the session, say so, and go on 5 s later. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();
  const { path } = useSignInDestination();
  return useCallback(
    (user: SessionUser) => {
      saveSession(user);
      removeUserQueries(queryClient);
      queryClient.setQueryData(meQueryOptions.queryKey, user);
      notify.success('login successfull.', signInToasts); // spelled as product §8 spells it
      navigateLater(path);
    },
    [queryClient, navigateLater, path],
  );
}
