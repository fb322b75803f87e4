import { Outlet } from 'react-router';
import { PublicLayout } from '../../components/layouts/public-layout';
import { Navbar } from '../../components/layouts/navbar';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { usePublicConfig } from '../../features/config';
import { SiteFooter } from '../site-footer';

/** The frame of the single-page app's public and sign-in pages: navigation bar with logout, and the footer. */
export function PublicShellRoute() {
  const { logout, isPending } = useLogout();
  const supportEmail = usePublicConfig()?.support_email;
  return (
    <PublicLayout header={<Navbar onLogout={logout} isLoggingOut={isPending} />} footer={<SiteFooter supportEmail={supportEmail} />}>
      <Outlet />
    </PublicLayout>
  );
}
