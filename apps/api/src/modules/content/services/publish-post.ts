import { CUSTOM_URL_PATTERN } from '@tradelist/contract/content';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import type { BlogPostRow } from '../../../db/schema.ts';
import { findPostByCustomUrl, hasPosts, insertPost, updatePost } from '../repositories/blog-posts.ts';

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

/**
 * Publishes a post under its custom URL: a new post, or a new version of the post with that URL
 * (its publication date stays, its last change moves). The text is stored as written.
 */
export async function publishPost(db: Db, draft: PostDraft, now: Date): Promise<BlogPostRow> {
  const values = {
    custom_url: draft.customUrl,
    title: draft.title,
    category: draft.category,
    intro: draft.intro,
    author: draft.author,
    author_image: draft.authorImage,
    thumbnail: draft.thumbnail,
    paragraphs: JSON.stringify(draft.paragraphs.map((p) => ({ text: p.text, image: p.image ?? null }))),
    status: 'published' as const,
    updated_at: now,
  };
  const existing = await findPostByCustomUrl(db, draft.customUrl);
  if (existing) return updatePost(db, existing.id, { ...values, published_at: existing.published_at ?? now });
  return insertPost(db, { ...values, published_at: now, created_at: now });
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
  const post = parsed.data;
  return {
    draft: {
      customUrl: post.custom_url,
      title: post.title,
      category: post.category,
      intro: post.intro,
      author: post.author,
      authorImage: post.author_image,
      thumbnail: post.thumbnail,
      paragraphs: post.paragraphs.map((p) => ({ text: p.text, image: p.image ?? null })),
    },
  };
}
