import { marketingEmptyEmailMessage } from '@tradelist/contract/content-messages';
import { useSignupForm } from '../hooks/use-signup-form';
import { EmailSignupForm } from './email-signup-form';
import pageStyles from './public-pages.module.css';

/** /marketing (product §2.2, §5.4, §8.11): enter the draw for a free year. */
export function MarketingPage() {
  const signup = useSignupForm((api, email) => api.enterFreeYearDraw(email));

  return (
    <div className={pageStyles.marketing}>
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
          onSubmit={signup.submit}
          status={signup.status}
        />
      </div>
    </div>
  );
}
