import { appRoutes } from '@tradelist/contract/app-routes';

/**
 * The public site's pages, rendered by the server (docs/decisions/0017-server-rendered-public-site.md).
 * Links to them from the single-page app are full page loads, and links from them into the app
 * (sign-in, dashboard) load the app.
 */
export type SiteRoute =
  | { page: 'home' }
  | { page: 'electrical' }
  | { page: 'faq' }
  | { page: 'allBlogs' }
  | { page: 'blogPost'; key: string }
  | { page: 'marketing' };

const fixedPages: Record<string, SiteRoute> = {
  [appRoutes.home]: { page: 'home' },
  [appRoutes.electrical]: { page: 'electrical' },
  [appRoutes.faq]: { page: 'faq' },
  [appRoutes.allBlogs]: { page: 'allBlogs' },
  [appRoutes.marketing]: { page: 'marketing' },
};

const blogPostPath = new RegExp(`^${appRoutes.blog.replace(':id', '([^/]+)')}$`);

/** The site page at `pathname` (a trailing slash is ignored), or null for the app's own pages and unknown paths. */
export function matchSiteRoute(pathname: string): SiteRoute | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const fixed = fixedPages[path];
  if (fixed) return fixed;
  const post = blogPostPath.exec(path);
  if (!post) return null;
  try {
    return { page: 'blogPost', key: decodeURIComponent(post[1]!) };
  } catch {
    return null;
  }
}

/** True when `to` (a path with an optional #hash or ?query) is a page of the public site. */
export function isSitePath(to: string): boolean {
  return matchSiteRoute(to.split(/[?#]/)[0] || '/') !== null;
}
