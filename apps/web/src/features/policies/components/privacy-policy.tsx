import { PolicyCopyright, PolicyLastUpdated } from './policy-meta';
import { SupportEmail } from './support-email';
import policyStyles from './policy.module.css';

/** The Privacy Policy text (product §1 privacy). */
export function PrivacyPolicy({ supportEmail }: { supportEmail: string | undefined }) {
  return (
    <article className={policyStyles.policy}>
      <PolicyLastUpdated />
      <p>
        This Privacy Policy explains what information Tradelist collects when you use our website and
        account portal, how long we keep it, and how you can access or delete it.
      </p>

      <h3>Information we collect</h3>
      <ul>
        <li>
          <strong>Contact information</strong>, such as your name, your email address and, if you give
          it to us, your phone number.
        </li>
        <li>
          <strong>Your preferences</strong>, such as your markups and sales tax, your email preferences
          and the software you tell us you use.
        </li>
        <li>
          <strong>Marketing opt-ins</strong>, such as a newsletter sign-up or a promotion sign-up.
        </li>
      </ul>

      <h3>Cookies and browsing data</h3>
      <p>
        We do not collect cookies or browsing data about you: no analytics, tracking or advertising. The
        only cookies the site sets are the strictly necessary ones described under Cookies Settings,
        which keep you signed in and protect your forms.
      </p>

      <h3>How we use your information</h3>
      <p>
        We use your information to run your account, to deliver the price lists you choose, to send the
        emails you asked for, and to answer your support requests.
      </p>

      <h3>How long we keep it</h3>
      <p>
        We keep your information indefinitely, so that your account, settings and purchase history stay
        available, unless you ask us to delete it.
      </p>

      <h3>Your choices</h3>
      <p>
        You may ask for a copy of your information, ask us to delete it, or opt out of marketing at any
        time by contacting support at <SupportEmail email={supportEmail} />.
      </p>
      <PolicyCopyright />
    </article>
  );
}
