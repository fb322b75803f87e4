import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';
import { serverErrorLines, type FieldLabels } from './error-messages';

/**
 * The one way a form shows a refused call (product §5.1): each field error the server gave goes
 * under its input, and the answer is the lines for the form's toast (`serverErrorLines`), none
 * when the failure is not the server's answer. The form's inputs are the keys of `labels`, or
 * every field the server named when `labels` is null (a form whose fields all have the wire names).
 */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, labels: FieldLabels | null): string[] {
  if (!isApiError(error)) return [];
  for (const [field, messages] of Object.entries(error.body?.fields ?? {})) {
    const first = messages[0];
    if (first !== undefined && (labels === null || field in labels)) setError(field as Path<T>, { type: 'server', message: first });
  }
  return serverErrorLines(error.body, labels ?? {});
}
