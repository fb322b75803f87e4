import { isApiError } from '../../../lib/api-client';
import { serverErrorLines } from '../../../lib/error-messages';

/**
 * What a failed payment call shows (product §8.9: the payment screens say what went wrong): the
 * server's `error` text (its first field error for a 400), else the screen's own message.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return (isApiError(error) ? serverErrorLines(error.body)[0] : undefined) ?? fallback;
}
