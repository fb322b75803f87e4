import type { BlogPostSummary } from '@tradelist/contract/content';
import { BlogList } from '../../features/blog';

/** Route /all-blogs, with the published posts. */
export function AllBlogsRoute({ posts }: { posts: readonly BlogPostSummary[] }) {
  return <BlogList posts={posts} />;
}
