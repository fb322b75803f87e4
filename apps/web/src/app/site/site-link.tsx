import type { MouseEvent } from 'react';
import type { AppLinkProps } from '../../components/ui/app-link';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A link on a server-rendered page: a plain anchor, so other pages load from the server. A link
 * to the page being shown (the home logo, Why Tradelist and Pricing on the home page) scrolls
 * smoothly to its #target, or to the top, as product §2 asks; arriving from another page, the
 * browser scrolls to the #target of the loaded page.
 */
export function SiteLink({ to, onClick, ...anchor }: AppLinkProps) {
  function scrollWithinPage(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || anchor.target) return;
    const url = new URL(to, window.location.href);
    if (url.pathname !== window.location.pathname || url.search !== window.location.search) return;
    event.preventDefault();
    const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
    const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
    if (target) target.scrollIntoView({ behavior, block: 'start' });
    else window.scrollTo({ top: 0, left: 0, behavior });
    if (url.href !== window.location.href) window.history.pushState(null, '', url.href);
  }
  return <a href={to} onClick={scrollWithinPage} {...anchor} />;
}
