import { describe, expect, it } from 'vitest';
import { firstFieldMessages, formatFieldErrors, serverErrorLines } from './error-messages';

describe('formatFieldErrors', () => {
  it('formats each field as "field: first message"', () => {
    expect(
      formatFieldErrors({
        email: ['A user with that email already exists.', 'second'],
        password: ['This password is too common.'],
      }),
    ).toEqual(['email: A user with that email already exists.', 'password: This password is too common.']);
  });

  it('skips fields without messages and accepts no fields', () => {
    expect(formatFieldErrors({ email: [] })).toEqual([]);
    expect(formatFieldErrors(undefined)).toEqual([]);
  });
});

describe('serverErrorLines', () => {
  it('prefers field errors', () => {
    expect(
      serverErrorLines({ code: 'VALIDATION_FAILED', error: 'Invalid input.', fields: { username: ['Required.'] } }),
    ).toEqual(['username: Required.']);
  });

  it('falls back to the error message, then to nothing', () => {
    expect(serverErrorLines({ code: 'RATE_LIMITED', error: 'Too many attempts.' })).toEqual(['Too many attempts.']);
    expect(serverErrorLines(null)).toEqual([]);
  });
});

describe('firstFieldMessages', () => {
  it('pairs each field with its first message', () => {
    expect(firstFieldMessages({ new_password2: ['Passwords do not match.'] })).toEqual([
      ['new_password2', 'Passwords do not match.'],
    ]);
  });
});
