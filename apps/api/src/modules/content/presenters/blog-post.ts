import type { BlogPostDetail, BlogPostSummary } from '@tradelist/contract/content';
import type { BlogPostRow } from '../../../db/schema.ts';

/** product §3.4: a post as the list shows it (`aurther_img` spelled so on the wire). */
export function presentPostSummary(row: BlogPostRow): BlogPostSummary {
  return {
    id: row.id,
    custom_url: row.custom_url,
    blog_thumbnail: row.thumbnail,
    title: row.title,
    category: row.category,
    intro: row.intro,
    aurther_img: row.author_image,
    author: row.author,
    created_at: (row.published_at ?? row.created_at).toISOString(),
  };
}

/** The detail adds the paragraphs, raw markdown as written: the browser renders and sanitises them. */
export function presentPostDetail(row: BlogPostRow): BlogPostDetail {
  return {
    ...presentPostSummary(row),
    paragraphs: row.paragraphs.map((paragraph) => ({ text: paragraph.text, image: paragraph.image ?? null })),
    updated_at: row.updated_at.toISOString(),
  };
}
