import { paths } from '../../config/paths';
import { logout } from '../../features/auth/api/logout';
import { clearSession } from '../../lib/stored-session';

/**
 * product §2: Logout calls the logout endpoint, then, whatever its outcome, clears local data and
 * goes to /. Loaded when a site page's Logout button is pressed.
 */
export async function logOutFromSite(): Promise<void> {
  try {
    await logout();
  } catch {
    // The local session is cleared either way.
  }
  clearSession();
  window.location.assign(paths.home);
}
