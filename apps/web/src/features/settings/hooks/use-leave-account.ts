import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { redirectDelayMs } from '../../../config/env';
import { removeUserQueries } from '../../../lib/query-client';
import { clearSession } from '../../../lib/stored-session';

/**
 * product §4.6: after an email change or a deletion the browser signs out: it shows the message,
 * and after 5 seconds goes to `to` and clears every local key (leaving first, so the dashboard
 * guard does not send the user elsewhere meanwhile). The server has already ended the sessions.
 */
export function useLeaveAccount() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (to: string) => {
      timer.current = window.setTimeout(() => {
        void Promise.resolve(navigate(to, { flushSync: true, replace: true })).then(() => {
          clearSession();
          removeUserQueries(queryClient);
        });
      }, redirectDelayMs);
    },
    [navigate, queryClient],
  );
}
