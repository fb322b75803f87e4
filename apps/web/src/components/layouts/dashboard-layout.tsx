import { useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { mobileBreakpointPx } from '../../config/env';
import dashboardLayoutStyles from './dashboard-layout.module.css';

/** What the layout hands to its sidebar: whether it is folded, and the handlers that fold it. */
export interface SidebarControls {
  isCollapsed: boolean;
  onToggle: () => void;
  /** Called when a section link is followed (phones fold the sidebar back). */
  onNavigate: () => void;
}

interface DashboardLayoutProps {
  sidebar: (controls: SidebarControls) => ReactNode;
  header: ReactNode;
  /** Shown above every screen when it has something to say (a failed renewal payment). */
  banner?: ReactNode;
  footer: ReactNode;
}

function isNarrowViewport(): boolean {
  return window.matchMedia(`(max-width: ${mobileBreakpointPx}px)`).matches;
}

/** The /dashboard/* frame: sidebar, header, the screen, footer. The parts come from the route. */
export function DashboardLayout({ sidebar, header, banner, footer }: DashboardLayoutProps) {
  // Phones start with the narrow sidebar so the content keeps the width.
  const [isCollapsed, setIsCollapsed] = useState(isNarrowViewport);

  useEffect(() => {
    document.body.classList.toggle('sidebar-collapsed', isCollapsed);
    return () => document.body.classList.remove('sidebar-collapsed');
  }, [isCollapsed]);

  return (
    <div className={dashboardLayoutStyles.dashboardShell}>
      <div className={dashboardLayoutStyles.dashboardShellSidebar}>
        {sidebar({
          isCollapsed,
          onToggle: () => setIsCollapsed((collapsed) => !collapsed),
          onNavigate: () => {
            // On phones the open sidebar covers the page: fold it once a section is chosen.
            if (isNarrowViewport()) setIsCollapsed(true);
          },
        })}
      </div>
      <div className={dashboardLayoutStyles.dashboardShellContent}>
        {header}
        <main id="main" className={dashboardLayoutStyles.dashboardMain} tabIndex={-1}>
          {banner}
          <Outlet />
        </main>
        {footer}
      </div>
    </div>
  );
}
