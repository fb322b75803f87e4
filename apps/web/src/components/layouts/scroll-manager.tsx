import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

// How long a hash target is followed while the page above it is still loading (plans, videos, fonts).
const SETTLE_MS = 5000;
// What the visitor does to take over the scrolling; from then on the page is theirs.
const VISITOR_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Calls `align` whenever the page changes height, until the visitor scrolls, clicks or types, or the
 * page has had time to settle: content that arrives after the scroll (the plans, the videos) would
 * otherwise push the hash target out of view. Returns the function that stops following.
 */
export function followWhileLoading(align: () => void): () => void {
  // The observer also reports the size it starts with; only a change moves the target.
  let height = document.body.offsetHeight;
  const observer = new ResizeObserver(() => {
    if (document.body.offsetHeight === height) return;
    height = document.body.offsetHeight;
    align();
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop, true);
  };
  const timer = window.setTimeout(stop, SETTLE_MS);
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(document.body);
  return stop;
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
    if (!target) {
      window.scrollTo({ top: 0, left: 0, behavior });
      return;
    }
    // A second call while a smooth scroll runs retargets it, so following stays smooth.
    const align = () => target.scrollIntoView({ behavior, block: 'start' });
    align();
    return followWhileLoading(align);
  }, [location.key, location.pathname, location.hash]);

  return null;
}
