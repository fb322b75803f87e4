import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/text-field';
import buttonStyles from '../../../components/ui/button.module.css';
import signupStyles from './signup.module.css';
import { cx } from '../../../lib/cx';

const neverChanges = () => () => undefined;

interface EmailSignupFormProps {
  label: string;
  buttonLabel: string;
  pendingLabel: string;
  /** The message for an empty field (product §5.4 differs per form). */
  emptyMessage: string;
  isPending: boolean;
  /** Sends the address; answers the message to show under the form (the toast shows it too). */
  onSubmit: (email: string) => void;
  /** The last answer, shown under the form for screen readers and for whoever missed the toast. */
  status?: { kind: 'success' | 'error'; message: string } | undefined;
  tone?: 'light' | 'dark';
}

/**
 * One email field and a button: the newsletter and free-year draw forms. An empty field is
 * refused here with the form's own message; everything else is the server's to judge. The server
 * renders the button disabled until the page is hydrated, so a form sent before its script runs
 * never puts the address in a URL (and `method="post"` keeps it out even without scripts).
 */
export function EmailSignupForm({ label, buttonLabel, pendingLabel, emptyMessage, isPending, onSubmit, status, tone = 'light' }: EmailSignupFormProps) {
  const [email, setEmail] = useState('');
  const [emptyError, setEmptyError] = useState<string | undefined>();
  // false in the server's render and while hydrating, true once the page's script has taken over.
  const hydrated = useSyncExternalStore(neverChanges, () => true, () => false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === '') {
      setEmptyError(emptyMessage);
      return;
    }
    setEmptyError(undefined);
    onSubmit(email.trim());
  }

  return (
    <form className={cx(signupStyles.form, tone === 'dark' && signupStyles.formDark)} method="post" noValidate onSubmit={submit}>
      <div className={signupStyles.row}>
        <TextField
          label={label}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={emptyError}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmptyError(undefined);
          }}
        />
        <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary, signupStyles.submit)} disabled={isPending || !hydrated}>
          {isPending ? pendingLabel : buttonLabel}
        </button>
      </div>
      <p className={cx(signupStyles.status, status?.kind === 'error' && signupStyles.statusError)} role="status">
        {status?.message ?? ''}
      </p>
    </form>
  );
}
