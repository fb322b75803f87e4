import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { serverErrorLines, setServerFieldErrors, type FieldLabels } from '../../../lib/error-messages';
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
  if (!isApiError(error)) {
    notify.error(fallback);
    return;
  }
  setServerFieldErrors(error.body?.fields, null, setError);
  notify.error(Object.keys(error.body?.fields ?? {}).length > 0 ? fallback : (error.body?.error ?? fallback));
}
