import { Link } from 'react-router';
import { paths } from '../../config/paths';
import statusPageStyles from './status-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import { cx } from '../../lib/cx';

/** Unknown paths, and pages whose feature has not shipped yet. */
export function NotFoundRoute() {
  return (
    <div className={statusPageStyles.statusPage}>
      <title>Page not found | Tradelist</title>
      <p className={statusPageStyles.statusPageCode} aria-hidden="true">
        404
      </p>
      <h1 className={statusPageStyles.statusPageTitle}>Page not found</h1>
      <p className={statusPageStyles.statusPageText}>
        This page does not exist or is not available yet. Check the address, or head back to the home page.
      </p>
      <Link to={paths.home} className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}>
        Back to home
      </Link>
    </div>
  );
}
