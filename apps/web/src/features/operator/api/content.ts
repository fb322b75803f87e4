import { api } from '@tradelist/contract/api';
import type { ImageUse, SaveCategoryRequest, SavePlanRequest, SavePostRequest } from '@tradelist/contract/operator-content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiUpload } from '../../../lib/api-client';
import { operatorKeys } from './query-keys';

// The console's content parts (categories, plans, blog, user guide): their lists and the calls
// that change them. A change refreshes the part's list and the audit log.

const calls = api.operator;

export const operatorCategoriesQueryOptions = queryOptions({
  queryKey: operatorKeys.categories,
  queryFn: ({ signal }) => callApi(calls.categories, {}, { signal }),
  retry: false,
});

export const operatorPlansQueryOptions = queryOptions({
  queryKey: operatorKeys.plans,
  queryFn: ({ signal }) => callApi(calls.plans, {}, { signal }),
  retry: false,
});

export const operatorPostsQueryOptions = queryOptions({
  queryKey: operatorKeys.blogPosts,
  queryFn: ({ signal }) => callApi(calls.blogPosts, {}, { signal }),
  retry: false,
});

export const operatorGuideQueryOptions = queryOptions({
  queryKey: operatorKeys.userGuide,
  queryFn: ({ signal }) => callApi(calls.guide, {}, { signal }),
  retry: false,
});

export const useOperatorCategories = () => useQuery(operatorCategoriesQueryOptions);
export const useOperatorPlans = () => useQuery(operatorPlansQueryOptions);
export const useOperatorPosts = () => useQuery(operatorPostsQueryOptions);
export const useOperatorGuide = () => useQuery(operatorGuideQueryOptions);

/** A mutation that refreshes one list of the console and the audit log when it succeeds. */
function useConsoleMutation<TVariables, TData>(list: readonly unknown[], mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: list }), queryClient.invalidateQueries({ queryKey: operatorKeys.auditLog })]);
    },
  });
}

/** POST /api/operator/images/: an image for a post or a category; answers its site path. */
export function useUploadImage() {
  return useMutation({ mutationFn: ({ use, file }: { use: ImageUse; file: Blob }) => callApiUpload(calls.uploadImage, { query: { use } }, file) });
}

export function useSaveCategory() {
  return useConsoleMutation(operatorCategoriesQueryOptions.queryKey, ({ id, body }: { id: number | null; body: SaveCategoryRequest }) =>
    id === null ? callApi(calls.createCategory, { body }) : callApi(calls.updateCategory, { params: { id }, body }),
  );
}

export function useSavePlan() {
  return useConsoleMutation(operatorPlansQueryOptions.queryKey, ({ id, body }: { id: number | null; body: SavePlanRequest }) =>
    id === null ? callApi(calls.createPlan, { body }) : callApi(calls.updatePlan, { params: { id }, body }),
  );
}

export function useSavePost() {
  return useConsoleMutation(operatorPostsQueryOptions.queryKey, ({ id, body }: { id: number | null; body: SavePostRequest }) =>
    id === null ? callApi(calls.createBlogPost, { body }) : callApi(calls.updateBlogPost, { params: { id }, body }),
  );
}

export function useDeletePost() {
  return useConsoleMutation(operatorPostsQueryOptions.queryKey, (id: number) => callApi(calls.deleteBlogPost, { params: { id } }));
}

export function useUploadGuideResource() {
  return useConsoleMutation(operatorGuideQueryOptions.queryKey, ({ name, description, file }: { name: string; description: string; file: Blob }) =>
    callApiUpload(calls.uploadGuideResource, { query: { name, description } }, file),
  );
}

export function useEditGuideResource() {
  return useConsoleMutation(operatorGuideQueryOptions.queryKey, ({ id, name, description }: { id: number; name: string; description: string }) =>
    callApi(calls.updateGuideResource, { params: { id }, body: { name, description } }),
  );
}

export function useDeleteGuideResource() {
  return useConsoleMutation(operatorGuideQueryOptions.queryKey, (id: number) => callApi(calls.deleteGuideResource, { params: { id } }));
}

export function useReorderGuideResources() {
  return useConsoleMutation(operatorGuideQueryOptions.queryKey, (ids: number[]) => callApi(calls.reorderGuideResources, { body: { ids } }));
}

export function useEditGuideVideo() {
  return useConsoleMutation(operatorGuideQueryOptions.queryKey, ({ id, title, description }: { id: number; title: string; description: string }) =>
    callApi(calls.updateGuideVideo, { params: { id }, body: { title, description } }),
  );
}

/** Replaces a guide video's file, poster or captions. */
export function useReplaceGuideVideoPart() {
  const endpoints = { video: calls.uploadGuideVideo, poster: calls.uploadGuideVideoPoster, captions: calls.uploadGuideVideoCaptions } as const;
  return useConsoleMutation(operatorGuideQueryOptions.queryKey, ({ id, part, file }: { id: number; part: keyof typeof endpoints; file: Blob }) =>
    callApiUpload(endpoints[part], { params: { id } }, file),
  );
}
