import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { paths } from '../config/paths';
import { AppRootRoute } from './routes/app-root';
import { NotFoundRoute } from './routes/not-found';
import { PublicShellRoute } from './routes/public-shell';
import { RequireStoredEmail } from './routes/require-stored-email';
import { RouteErrorRoute } from './routes/route-error';
import { ServerPageRoute } from './routes/server-page';

/**
 * A route's `lazy` loader: the page's component from one of the app's chunks (app/lazy/*), so a
 * visitor to / never downloads the sign-in pages, the dashboard or the operator console.
 */
function page<Chunk>(load: () => Promise<Chunk>, pick: (chunk: Chunk) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

const publicChunk = () => import('./lazy/public');
const contentChunk = () => import('./lazy/content');
const signInChunk = () => import('./lazy/sign-in');
const dashboardChunk = () => import('./lazy/dashboard');
const markupsChunk = () => import('./lazy/markups');
const operatorChunk = () => import('./lazy/operator');

/** Every page of `appRoutes`, with its layout. */
export const routes: RouteObject[] = [
  {
    element: <AppRootRoute />,
    errorElement: <RouteErrorRoute />,
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <PublicShellRoute />,
        children: [
          // The public site's pages are the server's (app/site): the app loads them from there.
          { path: paths.home, element: <ServerPageRoute /> },
          { path: paths.faq, element: <ServerPageRoute /> },
          { path: paths.electrical, element: <ServerPageRoute /> },
          { path: paths.allBlogs, element: <ServerPageRoute /> },
          { path: paths.marketing, element: <ServerPageRoute /> },
          { path: paths.blog, element: <ServerPageRoute /> },
          { path: paths.collections, lazy: page(publicChunk, (chunk) => chunk.CollectionsRoute) },
          { path: paths.login, lazy: page(signInChunk, (chunk) => chunk.LoginRoute) },
          { path: paths.register, lazy: page(signInChunk, (chunk) => chunk.RegisterRoute) },
          { path: paths.forgotPassword, lazy: page(signInChunk, (chunk) => chunk.ForgotPasswordRoute) },
          { path: paths.resetPassword, lazy: page(signInChunk, (chunk) => chunk.ResetPasswordRoute) },
          { path: paths.activate, lazy: page(signInChunk, (chunk) => chunk.ActivateRoute) },
          { path: paths.verified, lazy: page(signInChunk, (chunk) => chunk.VerifiedRoute) },
          { path: paths.bookSetupCall, lazy: page(contentChunk, (chunk) => chunk.BookSetupCallRoute) },
          { path: paths.newsletterUnsubscribe, lazy: page(contentChunk, (chunk) => chunk.NewsletterUnsubscribeRoute) },
          { path: '*', element: <ServerPageRoute /> },
        ],
      },
      {
        element: <RequireStoredEmail />,
        children: [
          {
            path: paths.dashboard,
            lazy: page(dashboardChunk, (chunk) => chunk.DashboardShellRoute),
            children: [
              // product §2: /dashboard shows the catalog and resets the active section to it.
              { index: true, lazy: page(dashboardChunk, (chunk) => chunk.CatalogRoute) },
              { path: paths.dashboardCatalog, lazy: page(dashboardChunk, (chunk) => chunk.CatalogRoute) },
              { path: paths.dashboardUserfactor, lazy: page(markupsChunk, (chunk) => chunk.UserfactorRoute) },
              { path: paths.dashboardSettings, lazy: page(dashboardChunk, (chunk) => chunk.SettingsRoute) },
              { path: paths.dashboardUserGuide, lazy: page(dashboardChunk, (chunk) => chunk.UserGuideRoute) },
              { path: paths.dashboardSubscriptions, lazy: page(dashboardChunk, (chunk) => chunk.SubscriptionsRoute) },
              {
                path: paths.dashboardSubscriptionSuccess,
                lazy: page(dashboardChunk, (chunk) => chunk.SubscriptionSuccessRoute),
              },
              // product §2.10: Stripe's success_url confirms the payment, then opens the success screen.
              {
                path: paths.dashboardSubscriptionsSuccess,
                lazy: page(dashboardChunk, (chunk) => chunk.PaymentReturnRoute),
              },
              // product §2: a path ending in /cancel returns to the subscriptions screen.
              {
                path: paths.dashboardSubscriptionsCancel,
                element: <Navigate to={paths.dashboardSubscriptions} replace />,
              },
              {
                path: paths.dashboardQuickbooksCallback,
                lazy: page(dashboardChunk, (chunk) => chunk.QuickbooksCallbackRoute),
              },
              { path: paths.dashboardJobberCallback, lazy: page(dashboardChunk, (chunk) => chunk.JobberCallbackRoute) },
              { path: paths.dashboardSyncPreview, lazy: page(dashboardChunk, (chunk) => chunk.SyncPreviewRoute) },
              { path: paths.dashboardSyncHistory, lazy: page(dashboardChunk, (chunk) => chunk.SyncHistoryRoute) },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
          { path: paths.operator, lazy: page(operatorChunk, (chunk) => chunk.OperatorRoute) },
          { path: paths.operatorSection, lazy: page(operatorChunk, (chunk) => chunk.OperatorRoute) },
        ],
      },
    ],
  },
];

/** The paths registered in a route tree (absolute paths only), for checking coverage. */
export function registeredPaths(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...(route.index ? [] : registeredPaths(route.children ?? [])),
  ]);
}
