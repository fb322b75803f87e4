import { isBlogPostKey, type BlogPostDetail, type BlogPostSummary } from '@tradelist/contract/content';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { findPublishedPost, listPublishedPosts } from '../repositories/blog-posts.ts';
import { presentPostDetail, presentPostSummary } from '../presenters/blog-post.ts';

export const postNotFoundMessage = 'No such post.';

/** `GET /all_blogs/`: the published posts, newest first. */
export async function listBlogPosts(ctx: AppContext): Promise<BlogPostSummary[]> {
  return (await listPublishedPosts(ctx.db)).map(presentPostSummary);
}

/** The lookup a post key stands for: all digits is an id, anything else a custom URL. */
function postLookup(key: string): { id: number } | { customUrl: string } {
  return /^[0-9]+$/.test(key) ? { id: Number(key) } : { customUrl: key };
}

/** `GET /blog_details/{id}/`: a published post by id or custom URL; 404 otherwise (drafts too). */
export async function getBlogPost(ctx: AppContext, key: string): Promise<BlogPostDetail> {
  const row = await findPublishedPost(ctx.db, postLookup(key));
  if (!row) throw new AppError('NOT_FOUND', postNotFoundMessage);
  return presentPostDetail(row);
}

/** A published post by id or custom URL, or null (a key no post can have, a draft, no such post): the post's page. */
export async function findBlogPost(ctx: AppContext, key: string): Promise<BlogPostDetail | null> {
  if (!isBlogPostKey(key)) return null;
  const row = await findPublishedPost(ctx.db, postLookup(key));
  return row ? presentPostDetail(row) : null;
}
