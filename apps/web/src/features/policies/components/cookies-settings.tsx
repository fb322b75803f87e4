import policyStyles from './policy.module.css';

/** The Cookies Settings text: only strictly necessary cookies, nothing to switch off. */
export function CookiesSettings() {
  return (
    <article className={policyStyles.policy}>
      <p>
        Tradelist uses only strictly necessary cookies. The site cannot work without them, so there is
        nothing to switch on or off here.
      </p>
      <h3>The cookies we set</h3>
      <ul>
        <li>
          <strong>Session cookie</strong>: keeps you signed in after you log in. It is removed when you
          log out or when the session ends.
        </li>
        <li>
          <strong>Security token cookie</strong>: protects your account and your forms against requests
          sent from other websites (cross-site request forgery).
        </li>
      </ul>
      <h3>What we do not use</h3>
      <p>
        We do not use analytics, tracking or advertising cookies, and we do not share cookie data with
        anyone.
      </p>
      <h3>Local storage</h3>
      <p>
        Your browser also keeps a few of your account details in local storage (such as your email and
        the dashboard section you last opened) so that pages can show your account. Logging out removes
        them.
      </p>
    </article>
  );
}
