import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { serverErrorLines, type FieldLabels } from '../../../lib/error-messages';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';

/**
 * Shows the server's refusal in one toast, each field error with its label in `labels` (product
 * §5.1), or `fallback` when it said nothing usable.
 */
export function notifyServerError(error: unknown, fallback: string, labels: FieldLabels = {}): void {
  const lines = isApiError(error) ? serverErrorLines(error.body, labels) : [];
  notify.error(lines.length > 0 ? lines : fallback);
}

/**
 * Shows a refused save: each field error beside its field (product §5.1), and one toast: `fallback`
 * when the fields say why, else the server's message (a Stripe outage says so in words).
 */
export function showSaveError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fallback: string): void {
  showServerFieldErrors(error, setError, null);
  const toldByFields = !isApiError(error) || Object.keys(error.body?.fields ?? {}).length > 0;
  notify.error(toldByFields ? fallback : (error.body?.error ?? fallback));
}
