import { syncProviderNames, type SyncProvider } from '@tradelist/contract/sync';

/** The exact texts of product §8.7 (sync) and §8.12 (authorization callbacks). */
export const syncMessages = {
  started: 'Sync process started',
  succeeded: 'Successfully synced the pricelist',
  authCompleted: 'Authentication completed, now you can sync',
  jobberNoCode: 'Authorization failed - no code received',
  jobberFailed: 'Authentication failed - please try again',
} as const;

/** product §8.12: what a callback screen says when the user declined on the provider's consent page. */
export function cancelledMessage(provider: SyncProvider): string {
  return `You cancelled the connection to ${shortNames[provider]}, so nothing was connected.`;
}

/** product §2.12: what each callback screen shows while it completes the authorization. */
export const processingMessages: Record<SyncProvider, string> = {
  quickbooks: 'Processing authentication...',
  jobber: 'Processing Jobber authentication...',
};

/** The provider's short name, as the disconnect messages of product §8.10 use it. */
const shortNames: Record<SyncProvider, string> = { quickbooks: 'QuickBooks', jobber: 'Jobber' };

/** product §8.10: `Disconnected from Jobber successfully.` (QuickBooks the same way). */
export function disconnectedMessage(provider: SyncProvider): string {
  return `Disconnected from ${shortNames[provider]} successfully.`;
}

/** product §8.10: `Failed to disconnect Jobber.` (QuickBooks the same way). */
export function disconnectFailedMessage(provider: SyncProvider): string {
  return `Failed to disconnect ${shortNames[provider]}.`;
}

/** The provider as people read it ('QuickBooks Online', 'Jobber'). */
export function providerName(provider: SyncProvider): string {
  return syncProviderNames[provider];
}
