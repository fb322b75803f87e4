import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { firstFieldMessages } from '../../../lib/error-messages';
import { notify } from '../../../lib/notify';

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
