import { useMemo, useState, type ComponentType } from 'react';
import { NavigationProvider } from '../../components/ui/app-link';
import { Navbar } from '../../components/layouts/navbar';
import { PublicLayout } from '../../components/layouts/public-layout';
import { SiteFooter } from '../site-footer';
import { SiteLink } from './site-link';
import type { SiteContent, SiteState } from './site-state';

interface SiteAppProps {
  state: SiteState;
  /** The page's component (site-pages.tsx), already loaded: the server and the browser render the same tree. */
  Page: ComponentType<{ content: SiteContent }>;
}

/** A server-rendered page of the public site: navigation bar, the page, footer. */
export function SiteApp({ state, Page }: SiteAppProps) {
  const navigation = useMemo(() => ({ pathname: state.pathname, Link: SiteLink }), [state.pathname]);
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  function logOut() {
    setIsLoggingOut(true);
    void import('./site-logout').then((module) => module.logOutFromSite());
  }

  return (
    <NavigationProvider value={navigation}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PublicLayout header={<Navbar onLogout={logOut} isLoggingOut={isLoggingOut} />} footer={<SiteFooter supportEmail={state.supportEmail} />}>
        <Page content={state.content} />
      </PublicLayout>
    </NavigationProvider>
  );
}
