import { describe, expect, it } from 'vitest';
import { disconnectedMessage, disconnectFailedMessage, processingMessages, providerName, syncMessages } from './messages';

describe('the sync and callback texts (product §8.7, §8.10, §8.12)', () => {
  it('are spelled as the product reference gives them', () => {
    expect(syncMessages).toEqual({
      started: 'Sync process started',
      succeeded: 'Successfully synced the pricelist',
      authCompleted: 'Authentication completed, now you can sync',
      jobberNoCode: 'Authorization failed - no code received',
      jobberFailed: 'Authentication failed - please try again',
    });
    expect(processingMessages).toEqual({ quickbooks: 'Processing authentication...', jobber: 'Processing Jobber authentication...' });
    expect(disconnectedMessage('jobber')).toBe('Disconnected from Jobber successfully.');
    expect(disconnectFailedMessage('jobber')).toBe('Failed to disconnect Jobber.');
    expect(disconnectedMessage('quickbooks')).toBe('Disconnected from QuickBooks successfully.');
    expect(disconnectFailedMessage('quickbooks')).toBe('Failed to disconnect QuickBooks.');
    expect(providerName('quickbooks')).toBe('QuickBooks Online');
  });
});
