import type { RenderedPost } from '../utils/rendered-post';
import { PostBody } from './post-body';
import { AppLink } from '../../../components/ui/app-link';
import { paths, socialLinks } from '../../../config/paths';
import buttonStyles from '../../../components/ui/button.module.css';
import blogStyles from './blog.module.css';
import { cx } from '../../../lib/cx';

/**
 * /blog/{id} (product §2.2): one post. Its paragraphs arrive as HTML that the server rendered
 * from markdown and sanitised (product §11.17, see ../utils/rendered-post.ts).
 */
export function BlogPost({ post }: { post: RenderedPost }) {
  return (
    <article className={blogStyles.article}>
      <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline, blogStyles.back)} onClick={() => window.history.back()}>
        ← Back
      </button>
      <PostBody post={post} />
      <aside className={blogStyles.cta} aria-labelledby="post-cta-title">
        <h2 id="post-cta-title">Put this month&apos;s prices to work</h2>
        <p>Log in to download the current edition with your markups, or sync it to QuickBooks Online or Jobber.</p>
        <AppLink to={paths.login} className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}>
          Log in
        </AppLink>
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
