import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths';
import statusPageStyles from './status-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import { cx } from '../../lib/cx';

/** The router's fallback when a page crashes (product §8 'Unexpected Application Error!'). */
export function RouteErrorRoute() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main id="main" className={statusPageStyles.statusPage}>
      <title>Error | Tradelist</title>
      <h1 className={statusPageStyles.statusPageTitle}>Unexpected Application Error!</h1>
      <p className={statusPageStyles.statusPageText}>
        Something went wrong on this page. Reload it, or go back to the home page.
        {detail ? ` (${detail})` : null}
      </p>
      <Link to={paths.home} reloadDocument className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}>
        Back to home
      </Link>
    </main>
  );
}
