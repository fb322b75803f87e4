import { storageKeys } from '@tradelist/contract/local-storage';
import { Link } from 'react-router';
import { CartIcon, DotsIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { assetPaths, dashboardLinks, paths } from '../../../config/paths';
import { useStoredValue } from '../../../lib/stored-session';

interface DashboardHeaderProps {
  name: string | undefined;
  email: string | undefined;
}

/** The dashboard header: logo, user-guide and subscriptions shortcuts, profile picture, name, email. */
export function DashboardHeader({ name, email }: DashboardHeaderProps) {
  const avatarUrl = useStoredValue(storageKeys.avatarUrl);
  return (
    <header className="dashboard-header">
      <Link to={paths.home} className="dashboard-header__logo" aria-label="Tradelist website">
        <Logo variant="light" height={30} />
      </Link>
      <div className="dashboard-header__tools">
        <Link to={dashboardLinks.userGuide} className="icon-link" aria-label="User guide">
          <DotsIcon />
        </Link>
        <Link to={dashboardLinks.subscriptions} className="icon-link" aria-label="Subscriptions">
          <CartIcon />
        </Link>
        <div className="dashboard-header__profile">
          <img
            className="dashboard-header__avatar"
            src={avatarUrl || assetPaths.defaultProfilePicture}
            alt="Profile picture"
            width={40}
            height={40}
            onError={(event) => {
              // SPEC §8: a picture that cannot load falls back to the default image.
              const image = event.currentTarget;
              if (!image.src.endsWith(assetPaths.defaultProfilePicture)) image.src = assetPaths.defaultProfilePicture;
            }}
          />
          <div className="dashboard-header__identity">
            <p className="dashboard-header__name">{name || 'User Name'}</p>
            <p className="dashboard-header__email">{email || 'No email found'}</p>
          </div>
        </div>
      </div>
    </header>
  );
}
