import { DashboardLayout } from '../../components/layouts/dashboard-layout';
import { useMe } from '../../features/auth/api/get-me';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { PastDueBanner } from '../../features/billing/components/past-due-banner';
import { DashboardHeader } from '../../features/dashboard/components/dashboard-header';
import { DashboardSidebar } from '../../features/dashboard/components/dashboard-sidebar';
import { OnboardingDialog } from '../../features/dashboard/components/onboarding-dialog';
import { usePublicConfig } from '../../features/config';
import { useProfilePicture } from '../../features/profile';
import { useStoredSession } from '../../lib/stored-session';
import { SiteFooter } from '../site-footer';

/**
 * The /dashboard/* frame: sidebar, header with the user, the failed-renewal banner above every
 * screen, footer, and the onboarding dialog until the user is onboarded (behind RequireStoredEmail).
 */
export function DashboardShellRoute() {
  const { session, email } = useStoredSession();
  // GET /api/me/ checks the server session; a 401 clears local data (query client) and the guard
  // then redirects to /login.
  const me = useMe();
  const { logout, isPending } = useLogout();
  const picture = useProfilePicture();
  const supportEmail = usePublicConfig()?.support_email;
  return (
    <>
      <OnboardingDialog />
      <DashboardLayout
      sidebar={(controls) => (
        <DashboardSidebar {...controls} onLogout={logout} isLoggingOut={isPending} showConsoleLink={me.data?.role === 'operator'} />
      )}
      header={<DashboardHeader name={me.data?.name ?? session?.name} email={me.data?.email ?? email ?? undefined} pictureUrl={picture.isLoading ? undefined : picture.src} />}
      banner={<PastDueBanner />}
      footer={<SiteFooter supportEmail={supportEmail} />}
      />
    </>
  );
}
