import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths, socialLinks } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { useBlogPost } from '../api/get-blog-posts';
import { PostBody } from './post-body';
import buttonStyles from '../../../components/ui/button.module.css';
import blogStyles from './blog.module.css';
import { cx } from '../../../lib/cx';

/**
 * /blog/{id} (product §2.2): one post. Paragraph text is markdown, rendered and sanitised
 * (product §11.17) before it is inserted. `notFound` renders the app's not-found page.
 */
export function BlogPost({ id, notFound }: { id: string; notFound: ReactNode }) {
  const post = useBlogPost(id);
  const navigate = useNavigate();
  useMetaDescription(post.data?.intro);

  if (post.isPending) return <p className={blogStyles.loading} role="status">Loading...</p>;
  if (post.isError) {
    if (isApiError(post.error) && (post.error.status === 404 || post.error.status === 400)) return <>{notFound}</>;
    return (
      <div role="alert" className={blogStyles.status}>
        <p>The article could not be loaded.</p>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => void post.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const { data } = post;
  return (
    <article className={blogStyles.article}>
      <title>{`${data.title} | Tradelist`}</title>
      <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline, blogStyles.back)} onClick={() => void navigate(-1)}>
        ← Back
      </button>
      <PostBody post={data} />
      <aside className={blogStyles.cta} aria-labelledby="post-cta-title">
        <h2 id="post-cta-title">Put this month&apos;s prices to work</h2>
        <p>Log in to download the current edition with your markups, or sync it to QuickBooks Online or Jobber.</p>
        <Link to={paths.login} className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}>
          Log in
        </Link>
      </aside>
      <footer className={blogStyles.share}>
        <p>Follow Tradelist</p>
        <ul aria-label="Social links">
          {socialLinks.map((link) => (
            <li key={link.name}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.name}
              </a>
            </li>
          ))}
        </ul>
      </footer>
    </article>
  );
}
