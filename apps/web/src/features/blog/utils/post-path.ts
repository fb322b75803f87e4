import type { BlogPostSummary } from '@tradelist/contract/content';
import { buildPath, paths } from '../../../config/paths';

/** product §2.2: a card links to /blog/{custom_url}, or /blog/{id} when the post has none. */
export function postPath(post: Pick<BlogPostSummary, 'id' | 'custom_url'>): string {
  return buildPath(paths.blog, { id: post.custom_url || post.id });
}

const postDateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "2026-11-12T09:00:00.000Z" → "November 12, 2026". */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : postDateFormat.format(date);
}
