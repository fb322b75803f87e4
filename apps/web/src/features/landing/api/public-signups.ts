import { api } from '@tradelist/contract/api';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /api/newsletter_email/ (public). */
export function useNewsletterSignup() {
  return useMutation({ mutationFn: (email: string) => callApi(api.content.newsletterSignup, { body: { email } }) });
}

/** POST /api/marketing-signup/ (public): the free-year draw. */
export function useMarketingSignup() {
  return useMutation({ mutationFn: (email: string) => callApi(api.content.marketingSignup, { body: { email } }) });
}

/** POST /api/newsletter-unsubscribe/ (public): with the token of the email's link. */
export function useNewsletterUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => callApi(api.content.newsletterUnsubscribe, { body: { token } }) });
}
