/** The public site's form messages (product §5.4, §8.1, §8.11); no schema here, so a page can import them cheaply. */

/** product §8.1: the browser's message when the newsletter form is sent without an email. */
export const newsletterEmptyEmailMessage = 'Please enter an email address';
/** product §8.1: the browser's messages of the newsletter form. */
export const newsletterMessages = {
  success: 'Successfully subscribed to our newsletter!',
  failure: 'Failed to subscribe',
  unexpected: 'An unexpected error occurred',
} as const;
/** The server's answer to a second signup of a subscribed address: kind, and stored once. */
export const newsletterAlreadySubscribedMessage = 'You are already subscribed to our newsletter. Thank you for reading!';
export const newsletterUnsubscribedMessage = 'You have been unsubscribed from the Tradelist newsletter. You will not receive it any more.';
export const newsletterLinkInvalidMessage = 'This unsubscribe link is not valid. Please use the link of the latest newsletter email.';

/** product §5.4: the browser's message when the marketing form is sent without an email. */
export const marketingEmptyEmailMessage = 'Please enter a valid email';
/** product §8.11: the marketing sign-up's messages. */
export const marketingMessages = {
  success: 'Thanks for signing up for free trial',
  fallback: 'Something went wrong. Please try again.',
} as const;
