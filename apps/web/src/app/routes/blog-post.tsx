import { BlogPost, type RenderedPost } from '../../features/blog';

/** Route /blog/:id (a post's id or custom URL); an unknown post is the not-found page, answered by the server. */
export function BlogPostRoute({ post }: { post: RenderedPost }) {
  return <BlogPost post={post} />;
}
