import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useNewsletterUnsubscribe } from '../api/public-signups';
import { newsletterFailureMessage } from '../utils/signup-messages';
import buttonStyles from '../../../components/ui/button.module.css';
import pageStyles from './public-pages.module.css';
import { cx } from '../../../lib/cx';

/**
 * The newsletter email's unsubscribe link: it asks before it unsubscribes, so a mail scanner that
 * opens the link changes nothing.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const unsubscribe = useNewsletterUnsubscribe();
  const [done, setDone] = useState<string>();
  return (
    <div className={pageStyles.marketing}>
      <title>Unsubscribe | Tradelist</title>
      <meta name="robots" content="noindex" />
      <div className={pageStyles.marketingCard}>
        <h1 className={pageStyles.title}>Unsubscribe from the newsletter?</h1>
        {done ? (
          <>
            <p role="status">{done}</p>
            <Link to={paths.home} className={cx(buttonStyles.button, buttonStyles.buttonOutline)}>
              Back to home
            </Link>
          </>
        ) : (
          <>
            <p className={pageStyles.lead}>You will no longer receive the Tradelist newsletter at this address.</p>
            <button
              type="button"
              className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}
              disabled={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token, { onSuccess: (answer) => setDone(answer.message) })}
            >
              {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
            {unsubscribe.isError ? (
              <p role="alert" className={pageStyles.error}>
                {newsletterFailureMessage(unsubscribe.error)}
              </p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
