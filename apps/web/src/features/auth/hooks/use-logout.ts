import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { removeUserQueries } from '../../../lib/query-client';
import { clearSession } from '../../../lib/stored-session';
import { useLogoutMutation } from '../api/logout';

/** product §2: call the logout endpoint, then (whatever its outcome) clear local data and go to /. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useLogoutMutation({
    async onSettled() {
      // Leave the page first (rendered synchronously), so the dashboard guard does not see the
      // cleared session and send the user to /login instead of /.
      await navigate(paths.home, { flushSync: true });
      clearSession();
      removeUserQueries(queryClient);
    },
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}
