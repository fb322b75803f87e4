import { api } from '@tradelist/contract/api';
import type { BlogPostDetail, BlogPostSummary } from '@tradelist/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /api/all_blogs/ (public): the published posts, newest first. */
export function getBlogPosts(signal?: AbortSignal): Promise<BlogPostSummary[]> {
  return callApi(api.content.blogPosts, {}, { signal });
}

/** GET /api/blog_details/{id}/ (public): one post by id or custom URL. */
export function getBlogPost(id: string, signal?: AbortSignal): Promise<BlogPostDetail> {
  return callApi(api.content.blogPost, { params: { id } }, { signal });
}

export const blogPostsQueryOptions = queryOptions({
  queryKey: ['blog-posts'],
  queryFn: ({ signal }) => getBlogPosts(signal),
  staleTime: 5 * 60_000,
});

export function useBlogPosts() {
  return useQuery(blogPostsQueryOptions);
}

export function useBlogPost(id: string) {
  return useQuery({
    queryKey: ['blog-post', id],
    queryFn: ({ signal }) => getBlogPost(id, signal),
    staleTime: 5 * 60_000,
    // A missing post is an answer, not a hiccup: no retries on a 4xx.
    retry: (failureCount, error) => failureCount < 2 && !('status' in error && typeof error.status === 'number' && error.status < 500),
  });
}
