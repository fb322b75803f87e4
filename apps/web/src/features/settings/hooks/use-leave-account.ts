import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { redirectDelayMs } from '../../../config/env';
import { setLeavingAccount } from '../../../lib/leaving-account';
import { removeUserQueries } from '../../../lib/query-client';
import { clearSession } from '../../../lib/stored-session';

/**
 * product §4.6: after a deletion or a save that ends the account's sessions, the browser signs
 * out: it clears every local key, keeps the screen's message for 5 seconds, then goes to `to`. The
 * server has already ended the sessions (and its Clear-Site-Data may have cleared the keys
 * already): the dashboard guard waits for the leave meanwhile, from the moment the call is
 * sent. Leaving the screen sooner (its "Go now" link) finishes the leave.
 */
export function useLeaveAccount() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timer = useRef<number | null>(null);

  const finish = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    removeUserQueries(queryClient);
    setLeavingAccount(false);
  }, [queryClient]);

  useEffect(
    () => () => {
      if (timer.current !== null) finish();
      else setLeavingAccount(false);
    },
    [finish],
  );

  const leave = useCallback(
    (to: string) => {
      setLeavingAccount(true);
      clearSession();
      timer.current = window.setTimeout(() => {
        timer.current = null;
        void Promise.resolve(navigate(to, { flushSync: true, replace: true })).then(finish);
      }, redirectDelayMs);
    },
    [navigate, finish],
  );
  return {
    /**
     * Before a call whose answer may end the session: the answer's Clear-Site-Data empties the
     * stored keys before the app reads the answer, and the guard must not act on that meanwhile.
     */
    expect: () => setLeavingAccount(true),
    /** The call failed: the account stays. */
    stay: () => setLeavingAccount(false),
    leave,
  };
}
