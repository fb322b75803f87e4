import { PolicyCopyright, PolicyLastUpdated } from './policy-meta';
import { SupportEmail } from './support-email';
import policyStyles from './policy.module.css';

/** The Terms of Service text (product §1 terms). */
export function TermsOfService({ supportEmail }: { supportEmail: string | undefined }) {
  return (
    <article className={policyStyles.policy}>
      <PolicyLastUpdated />
      <p>
        These Terms of Service govern your use of Tradelist: our website, the account portal and the
        price lists we publish. By creating an account, buying a plan or downloading a price list, you
        agree to these terms. If you do not agree, please do not use the service.
      </p>

      <h3>1. Internal use only</h3>
      <p>
        Price lists are licensed to you for use inside your own business, for example to price jobs,
        prepare estimates and send invoices. You may not resell, share, publish or otherwise pass on a
        price list, in whole or in part, to anyone outside your business.
      </p>

      <h3>2. Purchases are final</h3>
      <p>
        All purchases are final and are not refunded. The only exception is the auto-renewal refund
        described in section 4.
      </p>

      <h3>3. How long downloads stay available</h3>
      <p>
        Your downloads stay available until your plan expires or until you reach your plan&apos;s
        download maximum, whichever comes first.
      </p>

      <h3>4. Auto-renewal</h3>
      <p>
        Auto-renewal is opt-in: a plan renews automatically only if you choose auto-renewal, and you can
        turn it on or off at any time in the account portal. We may not notify you before a renewal
        takes place, so please review your auto-renewal choice in the account portal.
      </p>
      <p>
        If your subscription renews automatically and you have not downloaded anything in the new
        period, you may request a refund within 10 days of the renewal by contacting{' '}
        <SupportEmail email={supportEmail} />.
      </p>

      <h3>5. Accuracy of prices</h3>
      <p>
        We work to keep our price lists current, but prices change and may be inaccurate, incomplete or
        out of date. Please check prices before you rely on them. To the fullest extent permitted by
        law, Tradelist disclaims all liability for any loss or damage that results from inaccurate
        prices or from your use of the price lists.
      </p>

      <h3>6. Feedback</h3>
      <p>
        If you send us feedback, reviews or testimonials, we may use them, including in our promotion
        and marketing, without any obligation to you.
      </p>

      <h3>7. Ending access</h3>
      <p>
        If you resell, share or otherwise redistribute a price list, we may end your access to the
        service immediately and without a refund.
      </p>

      <h3>8. Governing law and indemnity</h3>
      <p>
        These terms are governed by the laws of the State of California. You agree to indemnify and
        hold Tradelist harmless from any claim, loss, damage or expense arising from your use of the
        service or from your breach of these terms.
      </p>

      <h3>9. Contact</h3>
      <p>
        Questions about these terms? Contact <SupportEmail email={supportEmail} />.
      </p>
      <PolicyCopyright />
    </article>
  );
}
