import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Route /verified: shown after a successful password reset. */
export function VerifiedRoute() {
  return (
    <div className="auth-page">
      <title>Verified | Tradelist</title>
      <section className="auth-card auth-card--center" aria-labelledby="verified-title">
        <div className="success-mark" aria-hidden="true">
          ✓
        </div>
        <h1 id="verified-title" className="auth-card__title">
          Great! You&apos;re now verified
        </h1>
        <p className="auth-card__subtitle">You can sign in with your new password.</p>
        <Link to={paths.home} className="button button--primary">
          Continue
        </Link>
      </section>
    </div>
  );
}
