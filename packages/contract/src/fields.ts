import { z } from 'zod';

/**
 * Field rules shared by every call: ids within the database column's range, and text without
 * the characters PostgreSQL cannot store or that break a line where one line is expected.
 */

/** The largest value of a PostgreSQL `integer` column (every id column is one). */
export const ID_MAX = 2_147_483_647;

/** An id as a path segment or a JSON string: canonical decimal digits, no sign, space or exponent. */
const ID_DIGITS = /^[1-9][0-9]{0,9}$/;

/**
 * An id in a path, query or body: a JSON integer, or a string of plain decimal digits (paths
 * are strings, and older clients send ids as strings), from 1 to ID_MAX. Anything else ("1.5",
 * " 1", "1e3", 2^31, 1e400) is a field error rather than a query the database would refuse.
 */
export function idField(message = 'A valid id is required.') {
  return z.union(
    [
      z.int({ error: message }).min(1, { error: message }).max(ID_MAX, { error: message }),
      z
        .string({ error: message })
        .regex(ID_DIGITS, { error: message })
        .transform(Number)
        .pipe(z.int().max(ID_MAX, { error: message })),
    ],
    { error: message },
  );
}

// C0 controls (NUL, tab, CR, LF...), DEL, C1 controls (NEL...), and the Unicode line and
// paragraph separators: none belongs in a one-line value such as a name.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const SINGLE_LINE = new RegExp(`^[^${CONTROL_CHARACTER.source.slice(1, -1)}]*$`);
// A surrogate without its partner: not a character, and PostgreSQL cannot store it as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const controlCharacterMessage = 'Remove line breaks and control characters from this field.';
export const invalidCharacterMessage = 'This field contains a character that is not valid text.';

/** True for text that passes the single-line rule (the web forms check before sending). */
export function isSingleLineText(value: string): boolean {
  return SINGLE_LINE.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * Adds the single-line rule to a string schema: no control characters (NUL, CR, LF, tab...) and
 * no lone surrogates, each refused with a field error. Every text field of the API uses it.
 */
export function singleLine(schema: z.ZodString): z.ZodString {
  return schema
    .regex(SINGLE_LINE, { error: controlCharacterMessage })
    .refine((value) => !LONE_SURROGATE.test(value), { error: invalidCharacterMessage });
}

/**
 * Makes text from elsewhere (a provider's display name) storable as one line: control
 * characters become spaces and lone surrogates U+FFFD. For input we can refuse, use singleLine.
 */
export function toSingleLineText(value: string): string {
  return value
    .replace(new RegExp(CONTROL_CHARACTER.source, 'g'), ' ')
    .replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}
