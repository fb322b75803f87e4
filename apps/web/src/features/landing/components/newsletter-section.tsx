import { newsletterEmptyEmailMessage } from '@tradelist/contract/content-messages';
import { useSignupForm } from '../hooks/use-signup-form';
import { EmailSignupForm } from './email-signup-form';
import landingStyles from './landing.module.css';

/** The landing page's newsletter form (product §5.4, §8.1); toasts close after 3 s here (§9). */
export function NewsletterSection() {
  const signup = useSignupForm((api, email) => api.signUpForNewsletter(email));

  return (
    <section className={landingStyles.newsletter} aria-labelledby="newsletter-title">
      <div className={landingStyles.homeSectionInner}>
        <h2 id="newsletter-title" className={landingStyles.sectionTitle}>
          Material prices and pricing tips, once a month
        </h2>
        <p className={landingStyles.sectionLead}>What moved in this month&apos;s edition, and how contractors price their jobs. No spam; unsubscribe with one click.</p>
        <EmailSignupForm
          label="Your email"
          buttonLabel="Subscribe"
          pendingLabel="Subscribing…"
          emptyMessage={newsletterEmptyEmailMessage}
          isPending={signup.isPending}
          onSubmit={signup.submit}
          status={signup.status}
        />
      </div>
    </section>
  );
}
