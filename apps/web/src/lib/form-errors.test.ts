import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { showServerFieldErrors } from './form-errors';

const labels = { new_password1: 'New password', new_password2: 'Re-enter new password' } as const;

describe('showServerFieldErrors', () => {
  const refusal = new ApiError(400, {
    code: 'VALIDATION_FAILED',
    error: 'new_password2: Passwords do not match!',
    fields: { new_password2: ['Passwords do not match!'], token: ['Invalid.'] },
  });

  it('puts each message under the form\'s own inputs only, and answers the toast\'s lines', () => {
    const set: Array<[string, string]> = [];
    const lines = showServerFieldErrors(refusal, (field, error) => set.push([field, error.message ?? '']), labels);
    expect(set).toEqual([['new_password2', 'Passwords do not match!']]);
    expect(lines).toEqual([
      'Re-enter new password: Passwords do not match!',
      'This link is incomplete or no longer valid. Please open the link from the email again.',
    ]);
  });

  it('puts every named field under its input when the form uses the wire names', () => {
    const set: string[] = [];
    showServerFieldErrors(refusal, (field) => set.push(field), null);
    expect(set).toEqual(['new_password2', 'token']);
  });

  it('sets nothing and answers no lines for a failure that is not the server\'s answer', () => {
    const set: string[] = [];
    expect(showServerFieldErrors(new TypeError('Failed to fetch'), (field) => set.push(field), labels)).toEqual([]);
    expect(set).toEqual([]);
  });
});
