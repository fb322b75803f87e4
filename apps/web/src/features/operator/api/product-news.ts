import { api } from '@tradelist/contract/api';
import type { MessageBody } from '@tradelist/contract/errors';
import type { ProductNewsItem, ProductNewsRequest } from '@tradelist/contract/operator-editions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { withOwnSuccess, type MutationConfig } from '../../../lib/mutation-config';
import { operatorKeys } from './query-keys';

/** GET /api/operator/product-news/: what was sent, newest first. */
export const productNewsQueryOptions = queryOptions({
  queryKey: operatorKeys.productNews,
  queryFn: ({ signal }) => callApi(api.operator.productNews, {}, { signal }),
  retry: false,
});

export function useProductNews() {
  return useQuery(productNewsQueryOptions);
}

/** POST /api/operator/product-news/preview/: the email's body rendered and sanitised by the server. */
export function usePreviewProductNews(config: MutationConfig<{ subject: string; html: string }, ProductNewsRequest> = {}) {
  return useMutation({ ...config, mutationFn: (body) => callApi(api.operator.previewProductNews, { body }) });
}

/** POST /api/operator/product-news/test/: the email to the signed-in operator only. */
export function useTestProductNews(config: MutationConfig<MessageBody, ProductNewsRequest> = {}) {
  return useMutation({ ...config, mutationFn: (body) => callApi(api.operator.testProductNews, { body }) });
}

/** POST /api/operator/product-news/: sent to every user with product news on. */
export function useSendProductNews(config: MutationConfig<ProductNewsItem, ProductNewsRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...withOwnSuccess(config, () => queryClient.invalidateQueries({ queryKey: operatorKeys.all })),
    mutationFn: (body) => callApi(api.operator.sendProductNews, { body }),
  });
}
