import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { NavigationProvider, type AppLinkProps } from '../../components/ui/app-link';
import { RootLayout } from '../../components/layouts/root-layout';
import { isSitePath } from '../site/site-routes';

/** In the app, a link to a page of the public site loads it from the server; other links are the router's. */
function RouterAppLink({ to, ...anchor }: AppLinkProps) {
  if (isSitePath(to)) return <a href={to} {...anchor} />;
  return <Link to={to} {...anchor} />;
}

/** The app's root: how shared links navigate here, around the root layout. */
export function AppRootRoute() {
  const { pathname } = useLocation();
  const navigation = useMemo(() => ({ pathname, Link: RouterAppLink }), [pathname]);
  return (
    <NavigationProvider value={navigation}>
      <RootLayout />
    </NavigationProvider>
  );
}
