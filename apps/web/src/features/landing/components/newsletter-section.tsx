import { newsletterEmptyEmailMessage, newsletterMessages } from '@tradelist/contract/content';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useNewsletterSignup } from '../api/public-signups';
import { newsletterFailureMessage } from '../utils/signup-messages';
import { EmailSignupForm } from './email-signup-form';
import landingStyles from './landing.module.css';

/** The landing page's newsletter form (product §5.4, §8.1); toasts close after 3 s here (§9). */
export function NewsletterSection() {
  const signup = useNewsletterSignup();
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; message: string }>();

  function subscribe(email: string) {
    setStatus(undefined);
    signup.mutate(email, {
      onSuccess(answer) {
        // A new address reads product §8.1's success; one already on the list gets the server's kind reply.
        const message = answer.subscribed ? newsletterMessages.success : answer.message;
        notify.success(message);
        setStatus({ kind: 'success', message });
      },
      onError(error) {
        const message = newsletterFailureMessage(error);
        notify.error(message);
        setStatus({ kind: 'error', message });
      },
    });
  }

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
          onSubmit={subscribe}
          status={status}
        />
      </div>
    </section>
  );
}
