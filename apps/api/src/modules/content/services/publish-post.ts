import { CUSTOM_URL_PATTERN } from '@tradelist/contract/content';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import type { BlogPostRow } from '../../../db/schema.ts';
import { AppError, validationFailed } from '../../../errors.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import { findPostByCustomUrl, hasPosts, insertPost, lockPost, updatePost } from '../repositories/blog-posts.ts';
import { postNotFoundMessage } from './blog-posts.ts';

/** A post as the operator writes it: paragraph text in markdown, images as site paths. */
export interface PostDraft {
  customUrl: string;
  title: string;
  category: string;
  intro: string;
  author: string;
  authorImage: string;
  thumbnail: string;
  paragraphs: Array<{ text: string; image?: string | null }>;
}

/** A post's fields as the console sends them and a post file holds them. */
interface PostFields {
  custom_url: string;
  title: string;
  category: string;
  intro: string;
  author: string;
  author_image: string;
  thumbnail: string;
  paragraphs: ReadonlyArray<{ text: string; image?: string | null }>;
}

/** The draft from a post's fields. */
export function draftOf(fields: PostFields): PostDraft {
  return {
    customUrl: fields.custom_url,
    title: fields.title,
    category: fields.category,
    intro: fields.intro,
    author: fields.author,
    authorImage: fields.author_image,
    thumbnail: fields.thumbnail,
    paragraphs: fields.paragraphs.map((p) => ({ text: p.text, image: p.image ?? null })),
  };
}

/** A post's columns from a draft (paragraphs stored as written). */
function columnsOf(draft: PostDraft) {
  return {
    custom_url: draft.customUrl,
    title: draft.title,
    category: draft.category,
    intro: draft.intro,
    author: draft.author,
    author_image: draft.authorImage,
    thumbnail: draft.thumbnail,
    paragraphs: JSON.stringify(draft.paragraphs.map((p) => ({ text: p.text, image: p.image ?? null }))),
  };
}

/** What the audit log keeps of a post (its text is the post itself; the log keeps its shape). */
export function postSnapshot(row: BlogPostRow) {
  return {
    custom_url: row.custom_url,
    title: row.title,
    category: row.category,
    intro: row.intro,
    author: row.author,
    author_image: row.author_image,
    thumbnail: row.thumbnail,
    paragraphs: row.paragraphs.length,
    status: row.status,
    published_at: row.published_at?.toISOString() ?? null,
  };
}

export const customUrlTakenMessage = 'Another post already uses this custom URL.';

/**
 * Writes a post as the console saves it: a new post, or a new version of the post `id`, as a
 * draft or published. The first publication sets the publication date; publishing again, or
 * taking a post back to draft, keeps it. Another post's custom URL is refused with a field error.
 */
export async function savePost(db: Db, input: { id: number | null; draft: PostDraft; status: 'draft' | 'published' }, now: Date): Promise<{ before: BlogPostRow | null; after: BlogPostRow }> {
  const before = input.id === null ? null : await lockPost(db, input.id);
  if (input.id !== null && !before) throw new AppError('NOT_FOUND', postNotFoundMessage);
  const clash = await findPostByCustomUrl(db, input.draft.customUrl);
  if (clash && clash.id !== input.id) throw validationFailed({ custom_url: [customUrlTakenMessage] });
  const values = { ...columnsOf(input.draft), status: input.status, updated_at: now };
  if (!before) {
    return { before: null, after: await insertPost(db, { ...values, published_at: input.status === 'published' ? now : null, created_at: now }) };
  }
  const publishedAt = before.published_at ?? (input.status === 'published' ? now : null);
  return { before, after: await updatePost(db, before.id, { ...values, published_at: publishedAt }) };
}

/** `savePost` for an operator, with its audit entry, in the caller's transaction. */
export async function savePostAsOperator(trx: Db, actor: Actor, input: { id: number | null; draft: PostDraft; status: 'draft' | 'published' }, now: Date): Promise<BlogPostRow> {
  const { before, after } = await savePost(trx, input, now);
  await recordOperatorAction(trx, now, actor, {
    action: before ? 'blog_post.update' : 'blog_post.create',
    subjectType: 'blog_post',
    subjectId: after.id,
    before: before ? postSnapshot(before) : null,
    after: postSnapshot(after),
  });
  return after;
}

/**
 * Publishes a post under its custom URL (the command line's `publish-post`): a new post, or a
 * new version of the post with that URL (its publication date stays, its last change moves).
 */
export async function publishPost(db: Db, draft: PostDraft, now: Date): Promise<BlogPostRow> {
  const existing = await findPostByCustomUrl(db, draft.customUrl);
  return (await savePost(db, { id: existing?.id ?? null, draft, status: 'published' }, now)).after;
}

/** `publishPost` for an operator: the post and its audit entry in one transaction. */
export async function publishPostAsOperator(db: Db, actor: Actor, draft: PostDraft, now: Date): Promise<BlogPostRow> {
  return db.transaction().execute(async (trx) => {
    const existing = await findPostByCustomUrl(trx, draft.customUrl);
    return savePostAsOperator(trx, actor, { id: existing?.id ?? null, draft, status: 'published' }, now);
  });
}

/** Loads the sample posts into a blog that has none; the custom URLs of the posts added. */
export async function seedPosts(db: Db, drafts: ReadonlyArray<PostDraft & { daysAgo: number }>, now: Date): Promise<string[]> {
  if (await hasPosts(db)) return [];
  return db.transaction().execute(async (trx) => {
    const added: string[] = [];
    for (const draft of drafts) {
      await publishPost(trx, draft, new Date(now.getTime() - draft.daysAgo * 86_400_000));
      added.push(draft.customUrl);
    }
    return added;
  });
}

const text = (max: number) => z.string().trim().min(1).max(max);
const sitePath = z.string().regex(/^\/[A-Za-z0-9._/-]+$/, { error: 'Use a path on this site, such as /images2/blog/picture.svg.' }).max(300);

/** A post file for `publish-post`: JSON with these fields; paragraph text in markdown. */
export const postFileSchema = z.object({
  custom_url: z.string().regex(CUSTOM_URL_PATTERN, { error: 'Use lower-case words joined by hyphens, not only digits.' }).max(120),
  title: text(200),
  category: text(60),
  intro: text(400),
  author: text(100),
  author_image: sitePath,
  thumbnail: sitePath,
  paragraphs: z.array(z.object({ text: z.string().max(20_000), image: sitePath.nullable().optional() })).min(1).max(100),
});

/** Reads a post file (JSON bytes) into a draft, or the reasons it is refused. */
export function parsePostFile(content: Uint8Array): { draft: PostDraft } | { problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(content));
  } catch {
    return { problems: ['The file is not valid JSON.'] };
  }
  const parsed = postFileSchema.safeParse(json);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`) };
  return { draft: draftOf(parsed.data) };
}
