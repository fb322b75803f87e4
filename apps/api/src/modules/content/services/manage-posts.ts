import type { OperatorPost, savePostRequest } from '@tradelist/contract/operator-content';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { BlogPostRow } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import { deletePost, listAllPosts } from '../repositories/blog-posts.ts';
import { postNotFoundMessage } from './blog-posts.ts';
import { draftOf, postSnapshot, savePostAsOperator } from './publish-post.ts';

export type PostFields = z.output<typeof savePostRequest>;

/** A post as the console edits it, drafts included. */
function present(row: BlogPostRow): OperatorPost {
  return {
    id: row.id,
    custom_url: row.custom_url,
    title: row.title,
    category: row.category,
    intro: row.intro,
    author: row.author,
    author_image: row.author_image,
    thumbnail: row.thumbnail,
    paragraphs: row.paragraphs.map((paragraph) => ({ text: paragraph.text, image: paragraph.image ?? null })),
    status: row.status,
    published_at: row.published_at?.toISOString() ?? null,
    updated_at: row.updated_at.toISOString(),
  };
}

/** Every post for the console, drafts included, last changed first. */
export async function listOperatorPosts(ctx: Pick<AppContext, 'db'>): Promise<OperatorPost[]> {
  return (await listAllPosts(ctx.db)).map(present);
}

/**
 * Writes a post from the console (a new one when `id` is null) through the same service as the
 * command line's `publish-post`, with its audit entry in the same transaction.
 */
export async function saveOperatorPost(ctx: AppContext, actor: Actor, id: number | null, fields: PostFields): Promise<OperatorPost> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    return present(await savePostAsOperator(trx, actor, { id, draft: draftOf(fields), status: fields.status }, now));
  });
}

/** Deletes a post; it leaves the list, the sitemap and its page (404) at once. */
export async function deleteOperatorPost(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await deletePost(trx, id);
    if (!removed) throw new AppError('NOT_FOUND', postNotFoundMessage);
    await recordOperatorAction(trx, ctx.clock.now(), actor, { action: 'blog_post.delete', subjectType: 'blog_post', subjectId: id, before: postSnapshot(removed), after: null });
  });
}
