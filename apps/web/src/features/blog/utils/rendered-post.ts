import type { BlogPostDetail, BlogPostSummary } from '@tradelist/contract/content';

/** A post in the list as the pages show it: the wire's `aurther_img` (product §3.4) is `author_image` here. */
export interface PostSummary extends Omit<BlogPostSummary, 'aurther_img'> {
  author_image: string;
}

/** A post ready for its page: each paragraph's markdown rendered to sanitised HTML. */
export interface RenderedPost extends Omit<BlogPostDetail, 'paragraphs' | 'aurther_img'> {
  author_image: string;
  paragraphs: Array<{ html: string; image: string | null }>;
}

/** A post of the list as the server answered it, with the fields' clear names. */
export function postSummary({ aurther_img, ...post }: BlogPostSummary): PostSummary {
  return { ...post, author_image: aurther_img };
}

/**
 * Renders a post's paragraphs with `renderMarkdown` (createMarkdownRenderer: markdown, then
 * DOMPurify). The server does it once per page; the browser receives the result and never loads
 * the markdown library or the sanitiser.
 */
export function renderPost({ aurther_img, ...post }: BlogPostDetail, renderMarkdown: (markdown: string) => string): RenderedPost {
  return { ...post, author_image: aurther_img, paragraphs: post.paragraphs.map((paragraph) => ({ html: renderMarkdown(paragraph.text), image: paragraph.image })) };
}
