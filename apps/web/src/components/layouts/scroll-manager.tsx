import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * product §2: on every navigation scroll to the hash target if there is one, else to the top.
 * Within the same page (the home logo, the Why link) the scroll is smooth.
 */
export function ScrollManager() {
  const location = useLocation();
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    const isSamePage = previousPathname.current === location.pathname;
    previousPathname.current = location.pathname;
    const behavior: ScrollBehavior = isSamePage && !prefersReducedMotion() ? 'smooth' : 'auto';
    const targetId = decodeURIComponent(location.hash.slice(1));
    const target = targetId ? document.getElementById(targetId) : null;
    if (target) target.scrollIntoView({ behavior, block: 'start' });
    else window.scrollTo({ top: 0, left: 0, behavior });
  }, [location.key, location.pathname, location.hash]);

  return null;
}
