import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType } from 'react';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the app or the site, with an optional #hash. */
  to: string;
}

/**
 * How links navigate where they are rendered. The public site (server-rendered pages) links with
 * plain anchors, the single-page app with its router; shared parts such as the navigation bar
 * and the footer use `AppLink` and work in both.
 */
export interface Navigation {
  /** The path of the page being shown (for the navigation bar's current link). */
  pathname: string;
  Link: ComponentType<AppLinkProps>;
}

function PlainLink({ to, ...anchor }: AppLinkProps) {
  return <a href={to} {...anchor} />;
}

const NavigationContext = createContext<Navigation>({ pathname: '/', Link: PlainLink });

/** Sets how the links below navigate. */
export const NavigationProvider = NavigationContext.Provider;

/** A link to a page of the app or the site. */
export function AppLink(props: AppLinkProps) {
  const { Link } = useContext(NavigationContext);
  return <Link {...props} />;
}

/** The path of the page being shown. */
export function useCurrentPathname(): string {
  return useContext(NavigationContext).pathname;
}

/** True when `to` is the page shown (or, unless `end`, one of its sub-pages). */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const target = to.split('#')[0]!.replace(/\/$/, '') || '/';
  if (pathname === target) return true;
  return !end && target !== '/' && pathname.startsWith(`${target}/`);
}

/** A navigation link marked `aria-current="page"` (and styled by `className`) on its page. */
export function AppNavLink({ to, end, className, ...anchor }: Omit<AppLinkProps, 'className'> & { end?: boolean; className: (state: { isActive: boolean }) => string }) {
  const isActive = isCurrentPath(useCurrentPathname(), to, end);
  return <AppLink to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} {...anchor} />;
}
