import { syncProviders, type SyncProvider } from '@tradelist/contract/sync';
import { integrationStorageKeys } from '@tradelist/contract/local-storage';
import { useStoredValue } from '../../../lib/stored-session';
import { useConnectionStatus } from '../api/connections';
import { isConnectionValid, readConnection } from '../utils/connection-keys';

/** One connection as the screens need it. */
export interface ConnectionView {
  provider: SyncProvider;
  /** product §4.5: Sync when valid, 'Sign in to Sync' otherwise. */
  valid: boolean;
  /** QuickBooks' realmId, sent with a sync; null for Jobber. */
  companyId: string | null;
  companyName: string | null;
}

export type Connections = Record<SyncProvider, ConnectionView> & {
  /** The providers with a valid connection, QuickBooks first. */
  valid: SyncProvider[];
};

/**
 * Both connections: the server's status once it has answered (it refreshes tokens and may have
 * lost a connection), the stored keys of product §3.2 before that.
 */
export function useConnections(): Connections {
  const quickbooksStatus = useConnectionStatus('quickbooks').data;
  const jobberStatus = useConnectionStatus('jobber').data;
  const stored = {
    [integrationStorageKeys.quickbooksConnected]: useStoredValue(integrationStorageKeys.quickbooksConnected),
    [integrationStorageKeys.quickbooksExpiresAt]: useStoredValue(integrationStorageKeys.quickbooksExpiresAt),
    [integrationStorageKeys.quickbooksCompanyId]: useStoredValue(integrationStorageKeys.quickbooksCompanyId),
    [integrationStorageKeys.jobberConnected]: useStoredValue(integrationStorageKeys.jobberConnected),
    [integrationStorageKeys.jobberExpiresAt]: useStoredValue(integrationStorageKeys.jobberExpiresAt),
  };
  const storage = { getItem: (key: string) => (stored as Record<string, string | null>)[key] ?? null };
  const statuses = { quickbooks: quickbooksStatus, jobber: jobberStatus };
  const now = new Date();

  const view = (provider: SyncProvider): ConnectionView => {
    const status = statuses[provider];
    const kept = readConnection(storage, provider);
    return {
      provider,
      valid: isConnectionValid(provider, status, kept, now),
      companyId: provider === 'quickbooks' ? (status ? status.company_id : kept.companyId) : null,
      companyName: status?.company_name ?? null,
    };
  };
  const quickbooks = view('quickbooks');
  const jobber = view('jobber');
  return { quickbooks, jobber, valid: syncProviders.filter((provider) => (provider === 'quickbooks' ? quickbooks : jobber).valid) };
}
