import type { JSX } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { dashboardLinks, paths } from '../../../config/paths';
import {
  BookIcon,
  CardIcon,
  CatalogIcon,
  GearIcon,
  LogoutIcon,
  ShieldIcon,
  SidebarToggleIcon,
  SlidersIcon,
} from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import dashboardSidebarStyles from './dashboard-sidebar.module.css';
import { cx } from '../../../lib/cx';

const sidebarLinks: Array<{ to: string; label: string; Icon: () => JSX.Element }> = [
  { to: dashboardLinks.catalog, label: 'Catalogs', Icon: CatalogIcon },
  { to: dashboardLinks.userfactor, label: 'Configurations', Icon: SlidersIcon },
  { to: dashboardLinks.subscriptions, label: 'Subscriptions', Icon: CardIcon },
  { to: dashboardLinks.settings, label: 'Settings', Icon: GearIcon },
  { to: dashboardLinks.userGuide, label: 'User Guide and Resources', Icon: BookIcon },
];

interface DashboardSidebarProps {
  isCollapsed: boolean;
  onToggle: () => void;
  /** Called when a section link is followed (phones fold the sidebar back). */
  onNavigate: () => void;
  onLogout: () => void;
  isLoggingOut: boolean;
  /** True for an operator: a link to the operator console follows the sections. */
  showConsoleLink?: boolean;
}

/**
 * The dashboard's sidebar: logo, the five section links (and the operator console's, for an
 * operator), collapse toggle and logout.
 */
export function DashboardSidebar({ isCollapsed, onToggle, onNavigate, onLogout, isLoggingOut, showConsoleLink = false }: DashboardSidebarProps) {
  const { pathname } = useLocation();
  // /dashboard itself shows the catalog (product §2), so its link is the active one there.
  const isDashboardRoot = pathname.replace(/\/$/, '') === paths.dashboard;

  return (
    <aside
      id="dashboard-sidebar"
      className={cx(dashboardSidebarStyles.dashboardSidebar, isCollapsed && dashboardSidebarStyles.isCollapsed)}
    >
      <div className={dashboardSidebarStyles.dashboardSidebarTop}>
        <Link to={paths.home} className={dashboardSidebarStyles.dashboardSidebarLogo} aria-label="Tradelist home">
          {isCollapsed ? <Logo variant="mark" height={32} /> : <Logo height={32} />}
        </Link>
        <button
          type="button"
          className={dashboardSidebarStyles.dashboardSidebarToggle}
          aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!isCollapsed}
          aria-controls="dashboard-sidebar-links"
          onClick={onToggle}
        >
          <SidebarToggleIcon collapsed={isCollapsed} />
        </button>
      </div>
      <nav aria-label="Dashboard" className={dashboardSidebarStyles.dashboardSidebarNav}>
        <ul id="dashboard-sidebar-links" className={dashboardSidebarStyles.dashboardSidebarLinks}>
          {sidebarLinks.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                title={isCollapsed ? label : undefined}
                className={({ isActive }) =>
                  cx(
                    dashboardSidebarStyles.dashboardSidebarLink,
                    (isActive || (isDashboardRoot && to === dashboardLinks.catalog)) && dashboardSidebarStyles.isActive,
                  )
                }
                aria-current={isDashboardRoot && to === dashboardLinks.catalog ? 'page' : undefined}
                onClick={onNavigate}
              >
                <Icon />
                <span className={dashboardSidebarStyles.dashboardSidebarLabel}>{label}</span>
              </NavLink>
            </li>
          ))}
          {showConsoleLink ? (
            <li>
              <Link to={paths.operator} title={isCollapsed ? 'Operator console' : undefined} className={dashboardSidebarStyles.dashboardSidebarLink}>
                <ShieldIcon />
                <span className={dashboardSidebarStyles.dashboardSidebarLabel}>Operator console</span>
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <button
        type="button"
        className={cx(dashboardSidebarStyles.dashboardSidebarLink, dashboardSidebarStyles.dashboardSidebarLogout)}
        onClick={onLogout}
        disabled={isLoggingOut}
        title={isCollapsed ? 'Logout' : undefined}
      >
        <LogoutIcon />
        <span className={dashboardSidebarStyles.dashboardSidebarLabel}>Logout</span>
      </button>
    </aside>
  );
}
