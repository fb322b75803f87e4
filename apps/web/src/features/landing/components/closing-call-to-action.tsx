import { Link } from 'react-router';
import { homeLinks } from '../../../config/paths';
import { useGetStartedPath } from '../hooks/use-get-started-path';

/** The closing band of the landing page: get started, or book the 40%-off setup call. */
export function ClosingCallToAction() {
  const getStartedPath = useGetStartedPath();
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="cta-band__inner">
        <h2 id="cta-title" className="cta-band__title">
          Price your next job with this month&apos;s numbers
        </h2>
        <p>Set up your markups once. Every new edition arrives with them applied.</p>
        <div className="cta-band__actions">
          <Link to={getStartedPath} className="button button--primary button--large">
            Get started
          </Link>
          <Link to={homeLinks.bookSetupCall} className="button button--outline-light button--large">
            Book a setup call: 40% off
          </Link>
        </div>
      </div>
    </section>
  );
}
