import { useParams } from 'react-router';
import { BlogPost } from '../../features/blog/components/blog-post';
import { NotFoundRoute } from './not-found';

/** Route /blog/:id (a post's id or custom URL); an unknown post shows the not-found page. */
export function BlogPostRoute() {
  const { id = '' } = useParams();
  // A new post remounts the page, so no state of the previous one lingers.
  return <BlogPost key={id} id={id} notFound={<NotFoundRoute />} />;
}
