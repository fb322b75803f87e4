import { Link } from 'react-router';
import { homeLinks, paths } from '../../../config/paths';
import { CheckIcon } from '../../../components/ui/icons';

/** The landing page's opening section. */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <p className="hero__eyebrow">Price lists for electrical contractors</p>
        <h1 id="hero-title" className="hero__title">
          Accurate contractor price lists, <span className="hero__accent">updated monthly</span>
        </h1>
        <p className="hero__lead">
          Stop chasing supplier prices. Tradelist gives you a current list of 1,000+ electrical items with
          your own markups and sales tax already applied, ready to download or send to QuickBooks Online or
          Jobber.
        </p>
        <div className="hero__actions">
          <Link to={paths.register} className="button button--primary button--large">
            Sign up
          </Link>
          <Link to={homeLinks.bookSetupCall} className="button button--outline-light button--large">
            Book a setup call: 40% off
          </Link>
        </div>
        <ul className="hero__points">
          <li>
            <CheckIcon /> New edition every month
          </li>
          <li>
            <CheckIcon /> Your markups per price band
          </li>
          <li>
            <CheckIcon /> CSV and Excel downloads
          </li>
        </ul>
      </div>
    </section>
  );
}
