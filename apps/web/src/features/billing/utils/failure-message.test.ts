import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from './failure-message';

describe('failureMessage', () => {
  it("shows the server's error text", () => {
    const error = new ApiError(409, { code: 'REFUND_NOT_ALLOWED', error: 'A download was made since the renewal, so it cannot be refunded.' });
    expect(failureMessage(error, 'fallback')).toBe('A download was made since the renewal, so it cannot be refunded.');
  });

  it('shows the first field error of a refused body with the field\'s label, never its wire name', () => {
    const error = new ApiError(400, { code: 'VALIDATION_FAILED', error: 'price_id: Choose a plan.', fields: { price_id: ['Choose a plan.'] } });
    expect(failureMessage(error, 'fallback')).toBe('Plan: Choose a plan.');
  });

  it('says in a sentence that the payment return\'s address names no payment (session_id)', () => {
    const error = new ApiError(400, { code: 'VALIDATION_FAILED', error: 'session_id: This is not a checkout session id.', fields: { session_id: ['This is not a checkout session id.'] } });
    expect(failureMessage(error, 'fallback')).toBe('The address of this page does not name a payment we can check.');
  });

  it('falls back when there is no body or no answer at all', () => {
    expect(failureMessage(new ApiError(502, null), 'The checkout could not be started.')).toBe('The checkout could not be started.');
    expect(failureMessage(new TypeError('Failed to fetch'), 'The checkout could not be started.')).toBe('The checkout could not be started.');
  });
});
