import { PublicLayout } from '../../components/layouts/public-layout';
import { Navbar } from '../../components/layouts/navbar';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { SiteFooter } from '../site-footer';

/** The frame of the public and sign-in pages: navigation bar with logout, and the footer. */
export function PublicShellRoute() {
  const { logout, isPending } = useLogout();
  return <PublicLayout header={<Navbar onLogout={logout} isLoggingOut={isPending} />} footer={<SiteFooter />} />;
}
