import { Navigate, type RouteObject } from 'react-router';
import { DashboardLayout } from '../components/layouts/dashboard-layout';
import { PublicLayout } from '../components/layouts/public-layout';
import { RootLayout } from '../components/layouts/root-layout';
import { paths } from '../config/paths';
import { ActivateRoute } from './routes/activate';
import { CollectionsRoute } from './routes/collections';
import { CatalogRoute } from './routes/dashboard-catalog';
import { JobberCallbackRoute } from './routes/dashboard-jobber-callback';
import { QuickbooksCallbackRoute } from './routes/dashboard-quickbooks-callback';
import { SettingsRoute } from './routes/dashboard-settings';
import { SubscriptionSuccessRoute } from './routes/dashboard-subscription-success';
import { SubscriptionsRoute } from './routes/dashboard-subscriptions';
import { UserGuideRoute } from './routes/dashboard-user-guide';
import { UserfactorRoute } from './routes/dashboard-userfactor';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { RegisterRoute } from './routes/register';
import { ResetPasswordRoute } from './routes/reset-password';
import { RouteErrorRoute } from './routes/route-error';
import { VerifiedRoute } from './routes/verified';

/** Public pages whose features ship in later issues: a real "not available yet" page until then. */
const notYetAvailable = [
  paths.allBlogs,
  paths.blog,
  paths.electrical,
  paths.faq,
  paths.marketing,
] as const;

/** Every page of `appRoutes`, with its layout. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.home, element: <HomeRoute /> },
          { path: paths.login, element: <LoginRoute /> },
          { path: paths.register, element: <RegisterRoute /> },
          { path: paths.forgotPassword, element: <ForgotPasswordRoute /> },
          { path: paths.resetPassword, element: <ResetPasswordRoute /> },
          { path: paths.activate, element: <ActivateRoute /> },
          { path: paths.verified, element: <VerifiedRoute /> },
          { path: paths.collections, element: <CollectionsRoute /> },
          ...notYetAvailable.map((path) => ({ path, element: <NotFoundRoute /> })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        path: paths.dashboard,
        element: <DashboardLayout />,
        children: [
          // SPEC §2: /dashboard shows the catalog and resets the active section to it.
          { index: true, element: <CatalogRoute /> },
          { path: paths.dashboardCatalog, element: <CatalogRoute /> },
          { path: paths.dashboardUserfactor, element: <UserfactorRoute /> },
          { path: paths.dashboardSettings, element: <SettingsRoute /> },
          { path: paths.dashboardUserGuide, element: <UserGuideRoute /> },
          { path: paths.dashboardSubscriptions, element: <SubscriptionsRoute /> },
          { path: paths.dashboardSubscriptionSuccess, element: <SubscriptionSuccessRoute /> },
          // SPEC §2: a path ending in /cancel returns to the subscriptions screen.
          {
            path: paths.dashboardSubscriptionsCancel,
            element: <Navigate to={paths.dashboardSubscriptions} replace />,
          },
          { path: paths.dashboardQuickbooksCallback, element: <QuickbooksCallbackRoute /> },
          { path: paths.dashboardJobberCallback, element: <JobberCallbackRoute /> },
          { path: '*', element: <NotFoundRoute /> },
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
