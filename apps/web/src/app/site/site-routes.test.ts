import { describe, expect, test } from 'vitest';
import { isSitePath, matchSiteRoute } from './site-routes';

describe('the public site pages the server renders', () => {
  test('the six public routes, with or without a trailing slash', () => {
    expect(matchSiteRoute('/')).toEqual({ page: 'home' });
    expect(matchSiteRoute('/electrical')).toEqual({ page: 'electrical' });
    expect(matchSiteRoute('/faq/')).toEqual({ page: 'faq' });
    expect(matchSiteRoute('/all-blogs')).toEqual({ page: 'allBlogs' });
    expect(matchSiteRoute('/marketing')).toEqual({ page: 'marketing' });
    expect(matchSiteRoute('/blog/wire-prices')).toEqual({ page: 'blogPost', key: 'wire-prices' });
    expect(matchSiteRoute('/blog/12')).toEqual({ page: 'blogPost', key: '12' });
  });

  test("the app's own pages and unknown paths are not the site's", () => {
    for (const path of ['/login', '/register', '/dashboard', '/dashboard/settings', '/book-setup-call', '/newsletter/unsubscribe/x', '/faq/extra', '/blog', '/blog/a/b', '/nope']) {
      expect(matchSiteRoute(path), path).toBeNull();
    }
    expect(matchSiteRoute('/blog/%E0%A4%A')).toBeNull();
  });

  test('links: a hash or a query does not change which page a path is', () => {
    expect(isSitePath('/#pricing')).toBe(true);
    expect(isSitePath('/all-blogs?page=2')).toBe(true);
    expect(isSitePath('/login')).toBe(false);
    expect(isSitePath('/dashboard/subscriptions')).toBe(false);
  });
});
