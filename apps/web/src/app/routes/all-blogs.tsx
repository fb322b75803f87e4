import { BlogList } from '../../features/blog/components/blog-list';

/** Route /all-blogs. */
export function AllBlogsRoute() {
  return <BlogList />;
}
