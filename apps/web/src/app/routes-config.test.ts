import { appRoutes } from '@tradelist/contract/app-routes';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { registeredPaths, routes } from './routes-config';
import { RequireStoredEmail } from './routes/require-stored-email';

/** The routes below the stored-email guard. */
function guardedRoutes(tree: RouteObject[]): RouteObject[] {
  return tree.flatMap((route) =>
    isValidElement(route.element) && route.element.type === RequireStoredEmail
      ? (route.children ?? [])
      : guardedRoutes(route.children ?? []),
  );
}

describe('routes', () => {
  it('registers every page of appRoutes', () => {
    const registered = new Set(registeredPaths(routes));
    const missing = Object.values(appRoutes).filter((path) => !registered.has(path));
    expect(missing).toEqual([]);
  });

  it('puts the dashboard and the operator console, and nothing else, behind the stored-email guard', () => {
    const guarded = registeredPaths(guardedRoutes(routes)).filter((path) => path !== '*');
    const expected = Object.values(appRoutes).filter((path) => path.startsWith('/dashboard') || path === '/operator' || path.startsWith('/operator/'));
    expect(new Set(guarded)).toEqual(new Set(expected));
  });

  it("loads every page lazily, but the not-found page and the public site's pages (the server's)", () => {
    const eager = (tree: RouteObject[]): string[] =>
      tree.flatMap((route) => [
        ...(route.path && route.element && !route.lazy ? [route.path] : []),
        ...eager(route.children ?? []),
      ]);
    // The not-found pages, the /cancel redirect and the hand-over to the server's pages ship with the entry.
    const notFound = ['*', '*'];
    const sitePages = [appRoutes.home, appRoutes.electrical, appRoutes.faq, appRoutes.allBlogs, appRoutes.blog, appRoutes.marketing];
    expect(eager(routes).sort()).toEqual([...notFound, ...sitePages, appRoutes.dashboardSubscriptionsCancel].sort());
  });
});
