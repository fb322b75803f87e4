import { useId, useState } from 'react';
import { showToast } from '../../../lib/toast-on-demand';
import type * as PublicSignups from '../api/public-signups';
import type { SignupOutcome } from '../api/public-signups';

type Send = (api: typeof PublicSignups, email: string) => Promise<SignupOutcome>;

/**
 * A public signup form's state: sending (the button is disabled), then the outcome, shown as a
 * toast and under the form. The API client loads on the first send, not with the page. The form's
 * toast replaces its previous one, so a success clears an earlier error.
 */
export function useSignupForm(send: Send) {
  const form = useId();
  const [isPending, setIsPending] = useState(false);
  const [status, setStatus] = useState<SignupOutcome>();

  async function submit(email: string) {
    setStatus(undefined);
    setIsPending(true);
    let outcome: SignupOutcome;
    try {
      outcome = await send(await import('../api/public-signups'), email);
    } finally {
      setIsPending(false);
    }
    setStatus(outcome);
    await showToast(outcome.kind, outcome.message, { form });
  }

  return { isPending, status, submit: (email: string) => void submit(email) };
}
