import { appRoutes } from '@tradelist/contract/app-routes';
import { isBlogPostKey, type BlogPostDetail, type BlogPostSummary } from '@tradelist/contract/content';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
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

const BLOG_PAGE = new RegExp(`^${appRoutes.blog.replace(':id', '([^/]+)')}/?$`);

/**
 * The HTTP status of a page whose answer depends on content: 404 for /blog/{id} when no
 * published post has that id or custom URL (the app shows its not-found page), null for any other
 * path (the route table decides).
 */
export async function contentPageStatus(db: Db, pathname: string): Promise<number | null> {
  const match = BLOG_PAGE.exec(pathname);
  if (!match) return null;
  let key: string;
  try {
    key = decodeURIComponent(match[1]!);
  } catch {
    return 404;
  }
  if (!isBlogPostKey(key)) return 404;
  return (await findPublishedPost(db, postLookup(key))) ? 200 : 404;
}
