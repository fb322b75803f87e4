import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths';

/** The router's fallback when a page crashes (SPEC §8 'Unexpected Application Error!'). */
export function RouteErrorRoute() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main id="main" className="status-page">
      <title>Error | Tradelist</title>
      <h1 className="status-page__title">Unexpected Application Error!</h1>
      <p className="status-page__text">
        Something went wrong on this page. Reload it, or go back to the home page.
        {detail ? ` (${detail})` : null}
      </p>
      <Link to={paths.home} reloadDocument className="button button--primary">
        Back to home
      </Link>
    </main>
  );
}
