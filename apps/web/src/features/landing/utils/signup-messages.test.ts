import { ApiError } from '../../../lib/api-client';
import { describe, expect, test } from 'vitest';
import { marketingFailureMessage, newsletterFailureMessage } from './signup-messages';

const refused = (body: ConstructorParameters<typeof ApiError>[1]) => new ApiError(400, body);

describe('newsletter failure messages (product §8.1)', () => {
  test("the server's error, else 'Failed to subscribe', else 'An unexpected error occurred'", () => {
    expect(newsletterFailureMessage(new ApiError(429, { code: 'RATE_LIMITED', error: 'Too many attempts. Please wait a while and try again.' }))).toBe(
      'Too many attempts. Please wait a while and try again.',
    );
    expect(newsletterFailureMessage(refused({ code: 'VALIDATION_FAILED', error: 'Check the fields.', fields: { email: ['Enter a valid email address.'] } }))).toBe('Enter a valid email address.');
    expect(newsletterFailureMessage(new ApiError(502, null))).toBe('Failed to subscribe');
    expect(newsletterFailureMessage(new TypeError('Failed to fetch'))).toBe('An unexpected error occurred');
  });
});

describe('marketing failure messages (product §8.11)', () => {
  test("the server's message or error, else 'Something went wrong. Please try again.'", () => {
    expect(marketingFailureMessage(refused({ code: 'VALIDATION_FAILED', error: 'x', fields: { email: ['Enter a valid email address.'] } }))).toBe('Enter a valid email address.');
    expect(marketingFailureMessage(new ApiError(500, null))).toBe('Something went wrong. Please try again.');
    expect(marketingFailureMessage(new TypeError('Failed to fetch'))).toBe('Something went wrong. Please try again.');
  });
});
