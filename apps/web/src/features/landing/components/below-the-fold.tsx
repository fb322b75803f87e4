import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { CheckIcon } from '../../../components/ui/icons';
import { NewsletterSection } from './newsletter-section';
import { TestimonialsSlider } from './testimonials-slider';
import buttonStyles from '../../../components/ui/button.module.css';
import landingStyles from './landing.module.css';
import { cx } from '../../../lib/cx';

const benefits = [
  { title: 'Quote with confidence', text: "Every price comes from this month's edition, so a quote holds when the customer signs." },
  { title: 'Hours back every month', text: 'No more copying supplier prices into spreadsheets or your accounting software by hand.' },
  { title: 'Margins that hold', text: 'Band markups make small parts pay their way and keep big-ticket items competitive.' },
  { title: 'One price list for the whole team', text: 'Office and field quote from the same numbers in QuickBooks Online or Jobber.' },
];

/**
 * The landing page after the pricing cards (product §2.2 order): benefits, the feedback slider,
 * the structured data, 'Learn Everything About Us' and the newsletter. A chunk of its own, loaded
 * after the first screen, so the first visit does not wait for it.
 */
export function LandingBelowTheFold() {
  return (
    <>
      <section className={landingStyles.homeSection} aria-labelledby="benefits-title">
        <div className={landingStyles.homeSectionInner}>
          <p className={landingStyles.sectionEyebrow}>Benefits</p>
          <h2 id="benefits-title" className={landingStyles.sectionTitle}>
            What contractors get out of it
          </h2>
          <ul className={landingStyles.benefits}>
            {benefits.map((benefit) => (
              <li key={benefit.title}>
                <CheckIcon />
                <div>
                  <h3 className={landingStyles.featureCardTitle}>{benefit.title}</h3>
                  <p>{benefit.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={cx(landingStyles.homeSection, landingStyles.homeSectionTinted)} aria-labelledby="feedback-title">
        <div className={landingStyles.homeSectionInner}>
          <p className={landingStyles.sectionEyebrow}>Customer feedback</p>
          <h2 id="feedback-title" className={landingStyles.sectionTitle}>
            Contractors who price with Tradelist
          </h2>
          <TestimonialsSlider />
        </div>
      </section>

      <section className={landingStyles.homeSection} aria-labelledby="learn-title">
        <div className={landingStyles.homeSectionInner}>
          <h2 id="learn-title" className={landingStyles.sectionTitle}>
            Learn Everything About Us
          </h2>
          <div className={landingStyles.learnGrid}>
            <AppLink to={paths.allBlogs} className={landingStyles.learnCard}>
              <h3 className={landingStyles.featureCardTitle}>Blog</h3>
              <p>Pricing jobs, material prices, and getting lists into your software.</p>
            </AppLink>
            <AppLink to={paths.faq} className={landingStyles.learnCard}>
              <h3 className={landingStyles.featureCardTitle}>FAQ</h3>
              <p>Formats, markups, QuickBooks and Jobber, cancellation and security.</p>
            </AppLink>
          </div>
          <AppLink to={paths.marketing} className={cx(buttonStyles.button, buttonStyles.buttonOutline)}>
            Win a free year
          </AppLink>
        </div>
      </section>

      <NewsletterSection />
    </>
  );
}
