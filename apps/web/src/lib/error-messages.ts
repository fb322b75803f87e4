import type { ErrorBody } from '@tradelist/contract/errors';

/** product §5: each server field error reads "field: first message". */
export function formatFieldErrors(fields: ErrorBody['fields']): string[] {
  if (!fields) return [];
  return Object.entries(fields).flatMap(([field, messages]) => {
    const first = messages[0];
    return first === undefined ? [] : [`${field}: ${first}`];
  });
}

/** The lines to show for a failed call: its field errors, else its `error` message, else none. */
export function serverErrorLines(body: ErrorBody | null): string[] {
  if (!body) return [];
  const fieldLines = formatFieldErrors(body.fields);
  if (fieldLines.length > 0) return fieldLines;
  return body.error ? [body.error] : [];
}

/** The first message per field, for showing errors under the matching inputs. */
export function firstFieldMessages(fields: ErrorBody['fields']): Array<[field: string, message: string]> {
  if (!fields) return [];
  return Object.entries(fields).flatMap(([field, messages]) => {
    const first = messages[0];
    return first === undefined ? [] : [[field, first] as [string, string]];
  });
}
