import { marketingMessages, newsletterMessages } from '@tradelist/contract/content';
import { isApiError } from '../../../lib/api-client';
import { firstFieldMessage, serverErrorLines } from '../../../lib/error-messages';

/** The email's field message of a refused call (the form's one field), else its other lines or its `error` text. */
function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error) || !error.body) return undefined;
  return firstFieldMessage(error.body.fields, 'email') ?? serverErrorLines(error.body, {})[0];
}

/**
 * product §8.1: the server's error; a failed answer without one gives 'Failed to subscribe'; no
 * answer at all (network, a bug) gives 'An unexpected error occurred'.
 */
export function newsletterFailureMessage(error: unknown): string {
  if (!isApiError(error)) return newsletterMessages.unexpected;
  return serverMessage(error) ?? newsletterMessages.failure;
}

/** product §8.11: the server's message or error, else 'Something went wrong. Please try again.'. */
export function marketingFailureMessage(error: unknown): string {
  return serverMessage(error) ?? marketingMessages.fallback;
}
