import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { mobileBreakpointPx } from '../../config/env';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { DashboardHeader } from '../../features/dashboard/components/dashboard-header';
import { DashboardSidebar } from '../../features/dashboard/components/dashboard-sidebar';
import { useStoredSession } from '../../lib/stored-session';
import { Footer } from './footer';

/** The /dashboard/* layout. Guard (SPEC §2): no stored email means a visit to /login. */
export function DashboardLayout() {
  const { email } = useStoredSession();
  if (!email) return <Navigate to={paths.login} replace />;
  return <DashboardShell storedEmail={email} />;
}

function isNarrowViewport(): boolean {
  return window.matchMedia(`(max-width: ${mobileBreakpointPx}px)`).matches;
}

function DashboardShell({ storedEmail }: { storedEmail: string }) {
  const { session } = useStoredSession();
  // GET /api/me/ checks the server session; a 401 clears local data (query client) and the guard
  // above then redirects to /login.
  const me = useMe();
  // Phones start with the narrow sidebar so the content keeps the width.
  const [isCollapsed, setIsCollapsed] = useState(isNarrowViewport);

  useEffect(() => {
    document.body.classList.toggle('sidebar-collapsed', isCollapsed);
    return () => document.body.classList.remove('sidebar-collapsed');
  }, [isCollapsed]);

  return (
    <div className={`dashboard-shell${isCollapsed ? ' is-collapsed' : ''}`}>
      <DashboardSidebar
        isCollapsed={isCollapsed}
        onToggle={() => setIsCollapsed((collapsed) => !collapsed)}
        onNavigate={() => {
          // On phones the open sidebar covers the page: fold it once a section is chosen.
          if (isNarrowViewport()) setIsCollapsed(true);
        }}
      />
      <div className="dashboard-shell__content">
        <DashboardHeader name={me.data?.name ?? session?.name} email={me.data?.email ?? storedEmail} />
        <main id="main" className="dashboard-main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
      </div>
    </div>
  );
}
