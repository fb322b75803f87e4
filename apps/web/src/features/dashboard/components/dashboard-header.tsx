import { storageKeys } from '@tradelist/contract/local-storage';
import { Link } from 'react-router';
import { CartIcon, DotsIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { assetPaths, dashboardLinks, paths } from '../../../config/paths';
import { useStoredValue } from '../../../lib/stored-session';
import dashboardHeaderStyles from './dashboard-header.module.css';

interface DashboardHeaderProps {
  name: string | undefined;
  email: string | undefined;
  /** The user's picture from the server (the profile feature); the stored `avatarUrl` or the default image until it is known. */
  pictureUrl?: string | undefined;
}

/** The dashboard header: logo, user-guide and subscriptions shortcuts, profile picture, name, email. */
export function DashboardHeader({ name, email, pictureUrl }: DashboardHeaderProps) {
  const avatarUrl = useStoredValue(storageKeys.avatarUrl);
  return (
    <header className={dashboardHeaderStyles.dashboardHeader}>
      <Link to={paths.home} className={dashboardHeaderStyles.dashboardHeaderLogo} aria-label="Tradelist website">
        <Logo variant="light" height={30} />
      </Link>
      <div className={dashboardHeaderStyles.dashboardHeaderTools}>
        <Link to={dashboardLinks.userGuide} className={dashboardHeaderStyles.iconLink} aria-label="User guide">
          <DotsIcon />
        </Link>
        <Link to={dashboardLinks.subscriptions} className={dashboardHeaderStyles.iconLink} aria-label="Subscriptions">
          <CartIcon />
        </Link>
        <div className={dashboardHeaderStyles.dashboardHeaderProfile}>
          <img
            className={dashboardHeaderStyles.dashboardHeaderAvatar}
            src={pictureUrl || avatarUrl || assetPaths.defaultProfilePicture}
            alt="Profile picture"
            width={40}
            height={40}
            onError={(event) => {
              // product §8: a picture that cannot load falls back to the default image.
              const image = event.currentTarget;
              if (!image.src.endsWith(assetPaths.defaultProfilePicture)) image.src = assetPaths.defaultProfilePicture;
            }}
          />
          <div className={dashboardHeaderStyles.dashboardHeaderIdentity}>
            <p className={dashboardHeaderStyles.dashboardHeaderName}>{name || 'User Name'}</p>
            <p className={dashboardHeaderStyles.dashboardHeaderEmail}>{email || 'No email found'}</p>
          </div>
        </div>
      </div>
    </header>
  );
}
