import type { AuthCompletedResponse, ConnectionStatus, SyncProvider } from '@tradelist/contract/sync';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import type { MessageBody } from '@tradelist/contract/errors';
import { callApi } from '../../../lib/api-client';
import { withOwnSuccess, type MutationConfig } from '../../../lib/mutation-config';
import { updateStoredValues } from '../../../lib/stored-session';
import { applyConnectionStatus, forgetConnection, rememberAuthorization } from '../utils/connection-keys';
import type { CallbackRequest } from '../utils/callback-params';

const calls = {
  quickbooks: {
    status: api.sync.quickbooksStatus,
    connect: api.sync.quickbooksConnect,
    disconnect: api.sync.quickbooksDisconnect,
    automaticSync: api.sync.quickbooksAutomaticSync,
  },
  jobber: {
    status: api.sync.jobberStatus,
    connect: api.sync.jobberConnect,
    disconnect: api.sync.jobberDisconnect,
    automaticSync: api.sync.jobberAutomaticSync,
  },
} as const;

/**
 * GET /api/quickbooks/status/ or /api/jobber/status/. The server is the truth (product §4.5):
 * each answer brings the browser's keys in line with it.
 */
export async function getConnectionStatus(provider: SyncProvider, signal?: AbortSignal): Promise<ConnectionStatus> {
  const status = await callApi(calls[provider].status, {}, { signal });
  updateStoredValues((storage) => applyConnectionStatus(storage, provider, status));
  return status;
}

export function connectionStatusQueryOptions(provider: SyncProvider) {
  return queryOptions({
    queryKey: ['sync-connection', provider],
    queryFn: ({ signal }) => getConnectionStatus(provider, signal),
    staleTime: 30_000,
  });
}

/** Whether one provider is connected, as the server says. */
export function useConnectionStatus(provider: SyncProvider) {
  return useQuery(connectionStatusQueryOptions(provider));
}

/** POST /api/quickbooks/connect/ or /api/jobber/connect/: the provider's authorization page. */
export async function getAuthorizeUrl(provider: SyncProvider): Promise<string> {
  const { url } = await callApi(calls[provider].connect, {});
  return url;
}

/**
 * 'Sign in to Sync' and Connect: the browser leaves for the provider's authorization page, which
 * returns to the provider's callback route (product §4.5).
 */
export function useConnectProvider(config: MutationConfig<string, SyncProvider> = {}) {
  return useMutation({ ...withOwnSuccess(config, (url) => window.location.assign(url)), mutationFn: getAuthorizeUrl });
}

/**
 * POST /api/quickbooks/auth/ or /api/jobber/auth/ with the callback's query; on success the browser
 * keeps the answer's expiry and company id (product §3.2), never a token.
 */
export async function completeAuthorization(provider: SyncProvider, request: CallbackRequest): Promise<AuthCompletedResponse> {
  const answer =
    provider === 'quickbooks'
      ? await callApi(api.sync.quickbooksAuth, { body: { code: request.code, state: request.state, realmId: request.realmId ?? '' } })
      : await callApi(api.sync.jobberAuth, { body: { code: request.code, state: request.state } });
  updateStoredValues((storage) => rememberAuthorization(storage, provider, answer));
  return answer;
}

export function useCompleteAuthorization(provider: SyncProvider, config: MutationConfig<AuthCompletedResponse, CallbackRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...withOwnSuccess(config, () => void queryClient.invalidateQueries({ queryKey: connectionStatusQueryOptions(provider).queryKey })),
    mutationFn: (request: CallbackRequest) => completeAuthorization(provider, request),
  });
}

/** POST /api/quickbooks/disconnect/ or /api/jobber/disconnect/: the server revokes and forgets the tokens. */
export async function disconnectProvider(provider: SyncProvider): Promise<MessageBody> {
  const answer = await callApi(calls[provider].disconnect, {});
  updateStoredValues((storage) => forgetConnection(storage, provider));
  return answer;
}

export function useDisconnectProvider(provider: SyncProvider, config: MutationConfig<MessageBody, void> = {}) {
  const queryClient = useQueryClient();
  const disconnected: ConnectionStatus = { connected: false, connected_at: null, company_id: null, company_name: null, automatic_sync: false };
  return useMutation({
    ...withOwnSuccess(config, () => queryClient.setQueryData<ConnectionStatus>(connectionStatusQueryOptions(provider).queryKey, disconnected)),
    mutationFn: () => disconnectProvider(provider),
  });
}

/** PUT /api/quickbooks/automatic-sync/ or /api/jobber/automatic-sync/: each new edition synced on its own, or not (product §10.22). */
export function setAutomaticSync(provider: SyncProvider, on: boolean): Promise<ConnectionStatus> {
  return callApi(calls[provider].automaticSync, { body: { automatic_sync: on } });
}

export function useSetAutomaticSync(provider: SyncProvider, config: MutationConfig<ConnectionStatus, boolean> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...withOwnSuccess(config, (status) => queryClient.setQueryData<ConnectionStatus>(connectionStatusQueryOptions(provider).queryKey, status)),
    mutationFn: (on: boolean) => setAutomaticSync(provider, on),
  });
}
