import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { faqs } from '../data/faq';
import { faqPageLd } from '../utils/structured-data';
import { FaqAccordion } from './faq-accordion';
import { JsonLd } from './json-ld';
import buttonStyles from '../../../components/ui/button.module.css';
import pageStyles from './public-pages.module.css';
import { cx } from '../../../lib/cx';

/** /faq (product §2.2): the 12 questions as an accordion, then the sign-up call to action. */
export function FaqPage() {
  useMetaDescription('Answers about Tradelist price lists: sign-up, markups and tax, monthly updates, CSV and Excel, QuickBooks Online and Jobber, security, cancellation.');
  return (
    <div className={pageStyles.page}>
      <title>FAQ | Tradelist</title>
      <JsonLd data={faqPageLd(faqs)} />
      <p className={pageStyles.eyebrow}>FAQ</p>
      <h1 className={pageStyles.title}>Frequently asked questions</h1>
      <p className={pageStyles.lead}>Everything about the price lists, your markups, and getting prices into your software.</p>
      <FaqAccordion entries={faqs} />
      <section className={pageStyles.cta} aria-labelledby="faq-cta-title">
        <h2 id="faq-cta-title">Ready to price from this month&apos;s list?</h2>
        <Link to={paths.register} className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}>
          Sign up
        </Link>
      </section>
    </div>
  );
}
