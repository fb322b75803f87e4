import { isApiError } from '../../../lib/api-client';
import { serverErrorLines, type FieldLabels } from '../../../lib/error-messages';

/**
 * The payment calls' fields as the screens name them (the plan card's choices). `session_id`, which
 * comes with the payment return's address, is told in a sentence (lib/error-messages).
 */
const billingFieldLabels: FieldLabels = { price_id: 'Plan', is_recurring: 'Auto-renew' };

/**
 * What a failed payment call shows (product §8.9: the payment screens say what went wrong): the
 * server's `error` text (its first field error for a 400, with the field's label), else the
 * screen's own message.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return (isApiError(error) ? serverErrorLines(error.body, billingFieldLabels)[0] : undefined) ?? fallback;
}
