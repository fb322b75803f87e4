import { useEffect, useRef } from 'react';

/**
 * Runs `action` once each time the calling screen opens. React's StrictMode runs effects twice
 * in development on the same mounted screen; the ref survives that, so a tracking event or a
 * toast is not sent twice. Leaving the screen and coming back is a new opening.
 */
export function useOncePerOpen(action: () => void): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    action();
  }, [action]);
}
