import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { faqs } from '../data/faq';
import { FaqAccordion } from './faq-accordion';
import buttonStyles from '../../../components/ui/button.module.css';
import pageStyles from './public-pages.module.css';
import { cx } from '../../../lib/cx';

/** /faq (product §2.2): the 12 questions as an accordion, then the sign-up call to action. */
export function FaqPage() {
  return (
    <div className={pageStyles.page}>
      <p className={pageStyles.eyebrow}>FAQ</p>
      <h1 className={pageStyles.title}>Frequently asked questions</h1>
      <p className={pageStyles.lead}>Everything about the price lists, your markups, and getting prices into your software.</p>
      <FaqAccordion entries={faqs} />
      <section className={pageStyles.cta} aria-labelledby="faq-cta-title">
        <h2 id="faq-cta-title">Ready to price from this month&apos;s list?</h2>
        <AppLink to={paths.register} className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}>
          Sign up
        </AppLink>
      </section>
    </div>
  );
}
