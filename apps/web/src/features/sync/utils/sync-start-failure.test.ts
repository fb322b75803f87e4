import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { classifySyncStartFailure } from './sync-start-failure';

describe('a refused sync start', () => {
  it('follows the sync already running (409 SYNC_RUNNING)', () => {
    const error = new ApiError(409, { code: 'SYNC_RUNNING', error: 'A sync to QuickBooks Online is already running.', sync_id: 41 });
    expect(classifySyncStartFailure(error)).toEqual({ kind: 'running', syncId: 41, message: 'A sync to QuickBooks Online is already running.' });
  });

  it('sends the user to sign in again (409 NOT_CONNECTED)', () => {
    const error = new ApiError(409, { code: 'NOT_CONNECTED', error: 'Sign in to Jobber first.' });
    expect(classifySyncStartFailure(error)).toEqual({ kind: 'not-connected', message: 'Sign in to Jobber first.' });
  });

  it("shows the server's error, field errors with the field's label (never its wire name)", () => {
    expect(classifySyncStartFailure(new ApiError(403, { code: 'NOT_SUBSCRIBED', error: 'Not Subscribed' }))).toEqual({
      kind: 'error',
      messages: ['Not Subscribed'],
    });
    const invalid = new ApiError(400, { code: 'VALIDATION_FAILED', error: 'Invalid', fields: { software_name: ['Choose QuickBooks (quickbook) or Jobber (jobber).'] } });
    expect(classifySyncStartFailure(invalid)).toEqual({ kind: 'error', messages: ['Software: Choose QuickBooks (quickbook) or Jobber (jobber).'] });
  });

  it("shows the failure's own message without an error body (product §8.13)", () => {
    expect(classifySyncStartFailure(new ApiError(502, null))).toEqual({ kind: 'error', messages: ['Request failed with status code 502'] });
    expect(classifySyncStartFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'error', messages: ['Failed to fetch'] });
  });

  it('treats a SYNC_RUNNING without the running id as an error to show', () => {
    expect(classifySyncStartFailure(new ApiError(409, { code: 'SYNC_RUNNING', error: 'Already running.' }))).toEqual({
      kind: 'error',
      messages: ['Already running.'],
    });
  });
});
