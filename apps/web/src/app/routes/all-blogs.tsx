import { BlogList, type PostSummary } from '../../features/blog';

/** Route /all-blogs, with the published posts. */
export function AllBlogsRoute({ posts }: { posts: readonly PostSummary[] }) {
  return <BlogList posts={posts} />;
}
