import type { SessionUser } from '@tradelist/contract/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { saveSession } from '../../../lib/stored-session';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { meQueryOptions } from '../api/get-me';

/** SPEC §4/§8: after a (Google) login, store the session, say so, and open the dashboard 5 s later. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();
  return useCallback(
    (user: SessionUser) => {
      saveSession(user);
      queryClient.setQueryData(meQueryOptions.queryKey, user);
      notify.success('login successfull.'); // spelled as SPEC §8 spells it
      navigateLater(paths.dashboard);
    },
    [queryClient, navigateLater],
  );
}
