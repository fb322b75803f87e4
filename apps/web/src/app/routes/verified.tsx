import { Link } from 'react-router';
import { paths } from '../../config/paths';
import buttonStyles from '../../components/ui/button.module.css';
import authStyles from '../../features/auth/components/auth.module.css';
import { cx } from '../../lib/cx';

/** Route /verified: shown after a successful password reset. */
export function VerifiedRoute() {
  return (
    <div className={authStyles.authPage}>
      <title>Verified | Tradelist</title>
      <section className={cx(authStyles.authCard, authStyles.authCardCenter)} aria-labelledby="verified-title">
        <div className={authStyles.successMark} aria-hidden="true">
          ✓
        </div>
        <h1 id="verified-title" className={authStyles.authCardTitle}>
          Great! You&apos;re now verified
        </h1>
        <p className={authStyles.authCardSubtitle}>You can sign in with your new password.</p>
        <Link to={paths.home} className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}>
          Continue
        </Link>
      </section>
    </div>
  );
}
