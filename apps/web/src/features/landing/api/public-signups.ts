import { api } from '@tradelist/contract/api';
import { marketingMessages, newsletterMessages } from '@tradelist/contract/content-messages';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { marketingFailureMessage, newsletterFailureMessage } from '../utils/signup-messages';

/** What a signup form shows after sending: product §8's message, as a success or an error. */
export interface SignupOutcome {
  kind: 'success' | 'error';
  message: string;
}

/**
 * POST /api/newsletter_email/ (public), answered with the message to show. The landing page loads
 * this module (and the API client with it) when its form is first sent.
 */
export async function signUpForNewsletter(email: string): Promise<SignupOutcome> {
  try {
    const answer = await callApi(api.content.newsletterSignup, { body: { email } });
    // A new address reads product §8.1's success; one already on the list gets the server's kind reply.
    return { kind: 'success', message: answer.subscribed ? newsletterMessages.success : answer.message };
  } catch (error) {
    return { kind: 'error', message: newsletterFailureMessage(error) };
  }
}

/** POST /api/marketing-signup/ (public): the free-year draw, answered with the message to show. */
export async function enterFreeYearDraw(email: string): Promise<SignupOutcome> {
  try {
    await callApi(api.content.marketingSignup, { body: { email } });
    return { kind: 'success', message: marketingMessages.success };
  } catch (error) {
    return { kind: 'error', message: marketingFailureMessage(error) };
  }
}

/** POST /api/newsletter-unsubscribe/ (public): with the token of the email's link. */
export function useNewsletterUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => callApi(api.content.newsletterUnsubscribe, { body: { token } }) });
}
