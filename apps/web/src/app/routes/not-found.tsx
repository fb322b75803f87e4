import { AppLink } from '../../components/ui/app-link';
import { paths } from '../../config/paths';
import statusPageStyles from './status-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import { cx } from '../../lib/cx';

/** Unknown paths, and pages whose feature has not shipped yet. */
export function NotFoundRoute() {
  return (
    <div className={statusPageStyles.statusPage}>
      <p className={statusPageStyles.statusPageCode} aria-hidden="true">
        404
      </p>
      <h1 className={statusPageStyles.statusPageTitle}>Page not found</h1>
      <p className={statusPageStyles.statusPageText}>
        This page does not exist or is not available yet. Check the address, or head back to the home page.
      </p>
      <AppLink to={paths.home} className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}>
        Back to home
      </AppLink>
    </div>
  );
}
