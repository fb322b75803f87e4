import { marketingEmptyEmailMessage, marketingMessages } from '@tradelist/contract/content';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { useMarketingSignup } from '../api/public-signups';
import { marketingFailureMessage } from '../utils/signup-messages';
import { EmailSignupForm } from './email-signup-form';
import pageStyles from './public-pages.module.css';

/** /marketing (product §2.2, §5.4, §8.11): enter the draw for a free year. */
export function MarketingPage() {
  useMetaDescription('Enter your email for a chance to win a free year of Tradelist electrical price lists.');
  const signup = useMarketingSignup();
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; message: string }>();

  function enter(email: string) {
    setStatus(undefined);
    signup.mutate(email, {
      onSuccess() {
        notify.success(marketingMessages.success);
        setStatus({ kind: 'success', message: marketingMessages.success });
      },
      onError(error) {
        const message = marketingFailureMessage(error);
        notify.error(message);
        setStatus({ kind: 'error', message });
      },
    });
  }

  return (
    <div className={pageStyles.marketing}>
      <title>Win a free year | Tradelist</title>
      <div className={pageStyles.marketingCard}>
        <p className={pageStyles.eyebrow}>Free-year draw</p>
        <h1 className={pageStyles.title}>Win a free year of Tradelist</h1>
        <p className={pageStyles.lead}>
          Enter your email for a chance to win twelve months of the electrical price list: 1,000+ items with your markups and tax, updated
          monthly, ready for QuickBooks Online and Jobber.
        </p>
        <EmailSignupForm
          label="Email"
          buttonLabel="Enter the draw"
          pendingLabel="Sending…"
          emptyMessage={marketingEmptyEmailMessage}
          isPending={signup.isPending}
          onSubmit={enter}
          status={status}
        />
      </div>
    </div>
  );
}
