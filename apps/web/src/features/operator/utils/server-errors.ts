import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { serverErrorLines, type FieldLabels } from '../../../lib/error-messages';
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
  const fields = Object.entries(error.body?.fields ?? {});
  for (const [field, messages] of fields) {
    if (messages[0] !== undefined) setError(field as Path<T>, { type: 'server', message: messages[0] });
  }
  notify.error(fields.length > 0 ? fallback : (error.body?.error ?? fallback));
}
