/**
 * Every page route of the web app (product §2), defined once: the web router registers these and the
 * server answers the app's page for them (and a 404 page for anything else outside /api).
 */
export const appRoutes = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:uid/:token',
  activate: '/activate/:uid/:token',
  verified: '/verified',
  allBlogs: '/all-blogs',
  blog: '/blog/:id',
  collections: '/collections/:categoryId',
  electrical: '/electrical',
  faq: '/faq',
  marketing: '/marketing',
  /** The 40%-off setup call: the scheduling page when one is set, else a request form. */
  bookSetupCall: '/book-setup-call',
  /** The newsletter email's unsubscribe link: a page that asks before it unsubscribes. */
  newsletterUnsubscribe: '/newsletter/unsubscribe/:token',
  dashboard: '/dashboard',
  dashboardCatalog: '/dashboard/catalog',
  dashboardUserfactor: '/dashboard/userfactor',
  dashboardSettings: '/dashboard/settings',
  dashboardUserGuide: '/dashboard/user-guide',
  dashboardSubscriptions: '/dashboard/subscriptions',
  dashboardSubscriptionSuccess: '/dashboard/subscription-success',
  /** Stripe's success_url (with `?session_id=`): the payment-return handler of product §2. */
  dashboardSubscriptionsSuccess: '/dashboard/subscriptions/success',
  /** Stripe's cancel_url: back to the subscriptions screen, flags unchanged. */
  dashboardSubscriptionsCancel: '/dashboard/subscriptions/cancel',
  dashboardQuickbooksCallback: '/dashboard/quickbooks/callback',
  dashboardJobberCallback: '/dashboard/jobber/callback',
  /** A sync's preview: what it will change in the service, to approve before anything is written. */
  dashboardSyncPreview: '/dashboard/sync-previews/:previewId',
  /** The record of the syncs to one service (`quickbooks` or `jobber`), newest first. */
  dashboardSyncHistory: '/dashboard/sync-history/:provider',
  operator: '/operator',
  /** One part of the operator console: overview, editions, plans, users... */
  operatorSection: '/operator/:section',
} as const;
export type AppRouteName = keyof typeof appRoutes;

/**
 * The pages whose URL carries a secret token (product §11.6): they are served with
 * `Referrer-Policy: no-referrer`, and their URLs are logged without the token.
 */
export const secretTokenRoutes = [appRoutes.activate, appRoutes.resetPassword, appRoutes.newsletterUnsubscribe] as const;

/**
 * A path under one of those pages (its static part, then one or two segments): group 1 is the
 * static part, such as `/activate`, so `path.replace(secretTokenPath, '$1/[redacted]')` hides the rest.
 */
export const secretTokenPath = new RegExp(
  `^(${secretTokenRoutes.map((pattern) => pattern.slice(0, pattern.indexOf('/:')).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})/[^/?]+(/[^/?]+)?`,
);

/** Fills a route pattern's `:params`. */
export function buildPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing route parameter ${key} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

const routeMatchers = Object.values(appRoutes).map(
  (pattern) => new RegExp('^' + pattern.replace(/:[A-Za-z]+/g, '[^/]+') + '/?$'),
);

/** True when `pathname` is one of the app's pages. */
export function isAppRoute(pathname: string): boolean {
  return routeMatchers.some((matcher) => matcher.test(pathname));
}
