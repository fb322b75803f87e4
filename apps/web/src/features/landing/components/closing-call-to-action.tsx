import { AppLink } from '../../../components/ui/app-link';
import { homeLinks } from '../../../config/paths';
import { useGetStartedPath } from '../hooks/use-get-started-path';
import buttonStyles from '../../../components/ui/button.module.css';
import landingStyles from './landing.module.css';
import { cx } from '../../../lib/cx';

/** The closing band of the landing page: get started, or book the 40%-off setup call. */
export function ClosingCallToAction() {
  const getStartedPath = useGetStartedPath();
  return (
    <section className={landingStyles.ctaBand} aria-labelledby="cta-title">
      <div className={landingStyles.ctaBandInner}>
        <h2 id="cta-title" className={landingStyles.ctaBandTitle}>
          Price your next job with this month&apos;s numbers
        </h2>
        <p>Set up your markups once. Every new edition arrives with them applied.</p>
        <div className={landingStyles.ctaBandActions}>
          <AppLink
            to={getStartedPath}
            className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}
          >
            Get started
          </AppLink>
          <AppLink
            to={homeLinks.bookSetupCall}
            className={cx(buttonStyles.button, buttonStyles.buttonOutlineLight, buttonStyles.buttonLarge)}
          >
            Book a setup call: 40% off
          </AppLink>
        </div>
      </div>
    </section>
  );
}
