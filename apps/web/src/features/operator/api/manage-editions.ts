import { api } from '@tradelist/contract/api';
import type { MessageBody } from '@tradelist/contract/errors';
import type { EditionUploadQuery, EditionUploadResponse, OperatorEdition } from '@tradelist/contract/operator-editions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiUpload } from '../../../lib/api-client';
import { withOwnSuccess, type MutationConfig } from '../../../lib/mutation-config';
import { operatorKeys } from './query-keys';

/** POST /api/operator/edition-uploads/: the file checked, its problems or a preview of what changes. */
export function useUploadEdition(config: MutationConfig<EditionUploadResponse, { query: EditionUploadQuery; file: File }> = {}) {
  return useMutation({ ...config, mutationFn: ({ query, file }) => callApiUpload(api.operator.uploadEdition, { query }, file) });
}

/** Publishing and withdrawing change the editions list and the audit log: every console query is refreshed. */
function useRefreshingMutation<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>, config: MutationConfig<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({ ...withOwnSuccess(config, () => queryClient.invalidateQueries({ queryKey: operatorKeys.all })), mutationFn });
}

/** POST /api/operator/edition-uploads/{id}/publish/ with the previewed file's hash. */
export function usePublishEdition(config: MutationConfig<OperatorEdition, { uploadId: number; sha256: string }> = {}) {
  return useRefreshingMutation(({ uploadId, sha256 }) => callApi(api.operator.publishEditionUpload, { params: { id: uploadId }, body: { sha256 } }), config);
}

/** DELETE /api/operator/editions/{id}/: a scheduled edition withdrawn. */
export function useWithdrawEdition(config: MutationConfig<MessageBody, number> = {}) {
  return useRefreshingMutation((id) => callApi(api.operator.withdrawEdition, { params: { id } }), config);
}
