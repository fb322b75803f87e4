import type { BlogPostDetail } from '@tradelist/contract/content';

/** A post ready for its page: each paragraph's markdown rendered to sanitised HTML. */
export interface RenderedPost extends Omit<BlogPostDetail, 'paragraphs'> {
  paragraphs: Array<{ html: string; image: string | null }>;
}

/**
 * Renders a post's paragraphs with `renderMarkdown` (createMarkdownRenderer: markdown, then
 * DOMPurify). The server does it once per page; the browser receives the result and never loads
 * the markdown library or the sanitiser.
 */
export function renderPost(post: BlogPostDetail, renderMarkdown: (markdown: string) => string): RenderedPost {
  return { ...post, paragraphs: post.paragraphs.map((paragraph) => ({ html: renderMarkdown(paragraph.text), image: paragraph.image })) };
}
