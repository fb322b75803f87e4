import type { ErrorBody } from '@tradelist/contract/errors';

/** How a form names its fields to people: each wire name and the label beside its input. */
export type FieldLabels = Readonly<Record<string, string>>;

/** A server refusal's field errors: `{ field: [messages] }` (product §5.1). */
type FieldErrors = ErrorBody['fields'];

const brokenLink = 'This link is incomplete or no longer valid. Please open the link from the email again.';

/**
 * Fields nobody types: they come with the page's address (an email's link, Stripe's return to the
 * app). An error on one says what happened in a sentence instead of naming a field.
 */
const addressFieldSentences: Readonly<Record<string, string>> = {
  uid: brokenLink,
  token: brokenLink,
  session_id: 'The address of this page does not name a payment we can check.',
};

/**
 * One field error as people read it (product §5.1): "<label>: <message>" with the form's label,
 * a sentence for a field of the page's address, and the message alone for a field the form does
 * not name. Never the field's wire name (`new_password2`, `session_id`).
 */
export function fieldErrorLine(field: string, message: string, labels: FieldLabels): string {
  const label = labels[field];
  if (label !== undefined) return `${label}: ${message}`;
  return addressFieldSentences[field] ?? message;
}

/** The first message of each field, each as `fieldErrorLine` reads it; a line twice is shown once. */
export function fieldErrorLines(fields: FieldErrors, labels: FieldLabels): string[] {
  if (!fields) return [];
  const lines = Object.entries(fields).flatMap(([field, messages]) => {
    const first = messages[0];
    return first === undefined ? [] : [fieldErrorLine(field, first, labels)];
  });
  return [...new Set(lines)];
}

/**
 * The lines to show for a failed call: its field errors with their labels, else its `error`
 * message, else none. A body with field errors never shows its `error`, which names the first
 * field by its wire name for API clients.
 */
export function serverErrorLines(body: ErrorBody | null, labels: FieldLabels): string[] {
  if (!body) return [];
  const fieldLines = fieldErrorLines(body.fields, labels);
  if (fieldLines.length > 0) return fieldLines;
  return body.error ? [body.error] : [];
}

/** The first message the server gave for one field, to show under that field. */
export function firstFieldMessage(fields: FieldErrors, field: string): string | undefined {
  return fields?.[field]?.[0];
}
