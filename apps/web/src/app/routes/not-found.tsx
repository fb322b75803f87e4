import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Unknown paths, and pages whose feature has not shipped yet. */
export function NotFoundRoute() {
  return (
    <div className="status-page">
      <title>Page not found | Tradelist</title>
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-page__title">Page not found</h1>
      <p className="status-page__text">
        This page does not exist or is not available yet. Check the address, or head back to the home page.
      </p>
      <Link to={paths.home} className="button button--primary">
        Back to home
      </Link>
    </div>
  );
}
