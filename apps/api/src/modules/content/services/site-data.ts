import type { SiteDataSource } from '@tradelist/contract/site';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { listPlans } from '../../billing/index.ts';
import { guideVideos } from '../../guide/index.ts';
import { findBlogPost, listBlogPosts } from './blog-posts.ts';
import { listGroups } from './list-groups.ts';

/**
 * What the public site's server-rendered pages show (product §2.2), read at each request through
 * the same services as the calls of product §7: a post published by the operator is on its page
 * and in the list at once, without a rebuild.
 */
export function siteDataSource(ctx: AppContext): SiteDataSource {
  return {
    plans: () => listPlans(ctx),
    videos: () => guideVideos(ctx),
    // A catalog without the category yet shows an empty table rather than an error page.
    listGroups: (category) =>
      listGroups(ctx, category).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return { edition: null, groups: [] };
        throw error;
      }),
    blogPosts: () => listBlogPosts(ctx),
    blogPost: (key) => findBlogPost(ctx, key),
  };
}
