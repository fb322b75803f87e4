import { api } from '@tradelist/contract/api';
import type { OperatorRefundRequest, OperatorUserActionResponse, OperatorUserDetail } from '@tradelist/contract/operator-users';
import { syncProviderOf, type SyncProvider } from '@tradelist/contract/sync';
import { keepPreviousData, partialMatchKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { withOwnSuccess, type MutationConfig } from '../../../lib/mutation-config';
import { operatorKeys } from './query-keys';

/** GET /api/operator/users/?q=&page=: users found by email or name, one page. */
export function userSearchQueryOptions(q: string, page: number) {
  return queryOptions({
    queryKey: operatorKeys.userSearch(q, page),
    queryFn: ({ signal }) => callApi(api.operator.users, { query: { q, page } }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useUserSearch(q: string, page: number) {
  return useQuery(userSearchQueryOptions(q, page));
}

type Account = OperatorUserDetail['account'];
type WithProvider<Row extends { provider: unknown }> = Omit<Row, 'provider'> & { provider: SyncProvider };

/** A user as the console shows it: the wire's `update1`, `update2` and provider `quickbook` (product §7) by what they mean. */
export interface UserDetail extends Omit<OperatorUserDetail, 'account' | 'syncs' | 'connections'> {
  account: Omit<Account, 'update1' | 'update2'> & { wants_edition_emails: boolean; wants_product_news: boolean };
  syncs: Array<WithProvider<OperatorUserDetail['syncs'][number]>>;
  connections: Array<WithProvider<OperatorUserDetail['connections'][number]>>;
}

function userDetailOf({ account: { update1, update2, ...account }, syncs, connections, ...user }: OperatorUserDetail): UserDetail {
  return {
    ...user,
    account: { ...account, wants_edition_emails: update1, wants_product_news: update2 },
    syncs: syncs.map((sync) => ({ ...sync, provider: syncProviderOf(sync.provider) })),
    connections: connections.map((connection) => ({ ...connection, provider: syncProviderOf(connection.provider) })),
  };
}

/** GET /api/operator/users/{id}/: one user's account, subscription, payments, syncs and connections. */
export function userDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: operatorKeys.userDetail(id),
    queryFn: async ({ signal }) => userDetailOf(await callApi(api.operator.user, { params: { id } }, { signal })),
    retry: false,
  });
}

export function useUserDetail(id: number) {
  return useQuery(userDetailQueryOptions(id));
}

/** The console's actions on a user; each answers a message and the user as it stands now. */
export type UserAction =
  | { kind: 'grant'; days: number }
  | { kind: 'revoke' }
  | { kind: 'resend-activation' }
  | { kind: 'refund'; request: OperatorRefundRequest }
  | { kind: 'disable'; reason: string }
  | { kind: 'enable' };

export function runUserAction(id: number, action: UserAction): Promise<OperatorUserActionResponse> {
  const params = { id };
  switch (action.kind) {
    case 'grant':
      return callApi(api.operator.grantComplimentary, { params, body: { days: action.days } });
    case 'revoke':
      return callApi(api.operator.revokeComplimentary, { params });
    case 'resend-activation':
      return callApi(api.operator.resendActivation, { params });
    case 'refund':
      return callApi(api.operator.refund, { params, body: action.request });
    case 'disable':
      return callApi(api.operator.disableUser, { params, body: { reason: action.reason } });
    case 'enable':
      return callApi(api.operator.enableUser, { params });
  }
}

/**
 * Runs an action on one user. The answer replaces the user's detail at once; the lists, the
 * overview and the audit log are refreshed, since every action changes them.
 */
export function useUserAction(id: number, config: MutationConfig<OperatorUserActionResponse, UserAction> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...withOwnSuccess(config, (answer) => {
      queryClient.setQueryData(userDetailQueryOptions(id).queryKey, userDetailOf(answer.user));
      void queryClient.invalidateQueries({ queryKey: operatorKeys.all, predicate: (query) => !partialMatchKey(query.queryKey, operatorKeys.userDetails) });
    }),
    mutationFn: (action: UserAction) => runUserAction(id, action),
  });
}
