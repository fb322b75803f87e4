import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldErrorLine, fieldErrorLines, firstFieldMessage, serverErrorLines } from './error-messages';

const labels = { new_password1: 'New password', new_password2: 'Re-enter new password' } as const;

describe('field errors as people read them (product §5.1)', () => {
  it('names each field by its label with its first message, never by its wire name', () => {
    expect(
      fieldErrorLines({ new_password2: ['Passwords do not match!', 'second'], new_password1: ['This password is too common.'] }, labels),
    ).toEqual(['Re-enter new password: Passwords do not match!', 'New password: This password is too common.']);
  });

  it('says what happened for a field of the page\'s address (a link, the payment return), once', () => {
    expect(fieldErrorLines({ uid: ['Invalid.'], token: ['Invalid.'] }, labels)).toEqual([
      'This link is incomplete or no longer valid. Please open the link from the email again.',
    ]);
    expect(fieldErrorLine('session_id', 'This is not a checkout session id.', {})).toBe('The address of this page does not name a payment we can check.');
  });

  it('shows the message alone for a field the form does not name', () => {
    expect(fieldErrorLine('update1', 'Enter true or false.', labels)).toBe('Enter true or false.');
  });

  it('skips fields without messages and accepts no fields', () => {
    expect(fieldErrorLines({ email: [] }, labels)).toEqual([]);
    expect(fieldErrorLines(undefined, labels)).toEqual([]);
  });
});

describe('serverErrorLines', () => {
  it('prefers field errors, and never shows the `error` that names a field by its wire name', () => {
    expect(serverErrorLines({ code: 'VALIDATION_FAILED', error: 'new_password2: Passwords do not match!', fields: { new_password2: ['Passwords do not match!'] } }, labels)).toEqual([
      'Re-enter new password: Passwords do not match!',
    ]);
  });

  it('falls back to the error message, then to nothing', () => {
    expect(serverErrorLines({ code: 'RATE_LIMITED', error: 'Too many attempts.' }, labels)).toEqual(['Too many attempts.']);
    expect(serverErrorLines(null, labels)).toEqual([]);
  });
});

describe('an API error\'s own message', () => {
  it('carries a field error\'s message without the wire name', () => {
    expect(new ApiError(400, { code: 'VALIDATION_FAILED', error: 'session_id: This is not a checkout session id.', fields: { session_id: ['This is not a checkout session id.'] } }).message).toBe(
      'The address of this page does not name a payment we can check.',
    );
    expect(new ApiError(409, { code: 'CONFLICT', error: 'Already disabled.' }).message).toBe('Already disabled.');
    expect(firstFieldMessage({ email: ['Enter a valid email address.'] }, 'email')).toBe('Enter a valid email address.');
  });
});
