import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { firstFieldMessages, serverErrorLines } from '../../../lib/error-messages';
import { notify } from '../../../lib/notify';

/** Shows every line of the server's refusal as a toast, or `fallback` when it said nothing usable. */
export function notifyServerError(error: unknown, fallback: string): void {
  const lines = isApiError(error) ? serverErrorLines(error.body) : [];
  if (lines.length === 0) notify.error(fallback);
  for (const line of lines) notify.error(line);
}

/**
 * Shows a refused save: each field error beside its field (product §5.1), and the server's
 * message as a toast (a Stripe outage says so in words).
 */
export function showSaveError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fallback: string): void {
  if (!isApiError(error)) {
    notify.error(fallback);
    return;
  }
  for (const [field, message] of firstFieldMessages(error.body?.fields)) setError(field as Path<T>, { type: 'server', message });
  notify.error(error.body?.error ?? fallback);
}
