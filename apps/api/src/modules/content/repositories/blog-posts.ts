import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { BlogPostRow, BlogPostsTable } from '../../../db/schema.ts';

/** Published posts, newest first. */
export function listPublishedPosts(db: Db): Promise<BlogPostRow[]> {
  return db
    .selectFrom('blog_posts')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A published post by id or custom URL. */
export function findPublishedPost(db: Db, key: { id: number } | { customUrl: string }): Promise<BlogPostRow | undefined> {
  const query = db.selectFrom('blog_posts').selectAll().where('status', '=', 'published');
  return ('id' in key ? query.where('id', '=', key.id) : query.where('custom_url', '=', key.customUrl)).executeTakeFirst();
}

/** The post with this custom URL, published or not. */
export function findPostByCustomUrl(db: Db, customUrl: string): Promise<BlogPostRow | undefined> {
  return db.selectFrom('blog_posts').selectAll().where('custom_url', '=', customUrl).executeTakeFirst();
}

/** The post with this id, published or not, locked until the transaction ends. */
export function lockPost(db: Db, id: number): Promise<BlogPostRow | undefined> {
  return db.selectFrom('blog_posts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Every post, drafts included, last changed first (the console's list). */
export function listAllPosts(db: Db): Promise<BlogPostRow[]> {
  return db.selectFrom('blog_posts').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
}

/** Removes a post; answers it, or undefined when there was none. */
export function deletePost(db: Db, id: number): Promise<BlogPostRow | undefined> {
  return db.deleteFrom('blog_posts').where('id', '=', id).returningAll().executeTakeFirst();
}

export async function insertPost(db: Db, post: Insertable<BlogPostsTable>): Promise<BlogPostRow> {
  return db.insertInto('blog_posts').values(post).returningAll().executeTakeFirstOrThrow();
}

/** Replaces a post's content (the operator publishing a new version under the same custom URL). */
export async function updatePost(db: Db, id: number, post: Omit<Insertable<BlogPostsTable>, 'created_at'>): Promise<BlogPostRow> {
  return db.updateTable('blog_posts').set(post).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function hasPosts(db: Db): Promise<boolean> {
  const row = await db.selectFrom('blog_posts').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
