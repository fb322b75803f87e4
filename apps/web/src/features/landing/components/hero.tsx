import { AppLink } from '../../../components/ui/app-link';
import { homeLinks, paths } from '../../../config/paths';
import { CheckIcon } from '../../../components/ui/icons';
import buttonStyles from '../../../components/ui/button.module.css';
import landingStyles from './landing.module.css';
import { cx } from '../../../lib/cx';

/** The landing page's opening section. */
export function Hero() {
  return (
    <section className={landingStyles.hero} aria-labelledby="hero-title">
      <div className={landingStyles.heroInner}>
        <p className={landingStyles.heroEyebrow}>Price lists for electrical contractors</p>
        <h1 id="hero-title" className={landingStyles.heroTitle}>
          Accurate contractor price lists, <span className={landingStyles.heroAccent}>updated monthly</span>
        </h1>
        <p className={landingStyles.heroLead}>
          Stop chasing supplier prices. Tradelist gives you a current list of 1,000+ electrical items with
          your own markups and sales tax already applied, ready to download or send to QuickBooks Online or
          Jobber.
        </p>
        <div className={landingStyles.heroActions}>
          <AppLink
            to={paths.register}
            className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}
          >
            Sign up
          </AppLink>
          <AppLink
            to={homeLinks.bookSetupCall}
            className={cx(buttonStyles.button, buttonStyles.buttonOutlineLight, buttonStyles.buttonLarge)}
          >
            Book a setup call: 40% off
          </AppLink>
        </div>
        <ul className={landingStyles.heroPoints}>
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
