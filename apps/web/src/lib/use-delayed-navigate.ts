import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';
import { redirectDelayMs } from '../config/env';

/** Navigates after product §9's redirect delay; a pending redirect is dropped if the screen unmounts. */
export function useDelayedNavigate(delayMs: number = redirectDelayMs) {
  const navigate = useNavigate();
  const timer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (to: string, options?: NavigateOptions) => {
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = null;
        void navigate(to, options);
      }, delayMs);
    },
    [navigate, delayMs],
  );
}
