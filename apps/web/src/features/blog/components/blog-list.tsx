import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { useBlogPosts } from '../api/get-blog-posts';
import { formatPostDate, postPath } from '../utils/post-path';
import buttonStyles from '../../../components/ui/button.module.css';
import blogStyles from './blog.module.css';
import { cx } from '../../../lib/cx';

/** /all-blogs (product §2.2): a card per published post, then a sign-up call to action. */
export function BlogList() {
  const posts = useBlogPosts();
  useMetaDescription('Articles for contractors on pricing jobs, material prices and getting price lists into QuickBooks Online and Jobber.');
  return (
    <div className={blogStyles.page}>
      <title>Blog | Tradelist</title>
      <header className={blogStyles.pageHeader}>
        <p className={blogStyles.eyebrow}>Tradelist blog</p>
        <h1 className={blogStyles.pageTitle}>Pricing, materials and the business of contracting</h1>
      </header>
      {posts.isPending ? (
        <p role="status">Loading...</p>
      ) : posts.isError ? (
        <div role="alert" className={blogStyles.status}>
          <p>The articles could not be loaded.</p>
          <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => void posts.refetch()}>
            Try again
          </button>
        </div>
      ) : posts.data.length === 0 ? (
        <p className={blogStyles.status}>No articles yet. Check back soon.</p>
      ) : (
        <ul className={blogStyles.cardGrid}>
          {posts.data.map((post) => (
            <li key={post.id} className={blogStyles.card}>
              <img className={blogStyles.cardThumbnail} src={post.blog_thumbnail} alt="" width={640} height={360} loading="lazy" />
              <div className={blogStyles.cardBody}>
                <p className={blogStyles.category}>{post.category}</p>
                <h2 className={blogStyles.cardTitle}>
                  <Link to={postPath(post)} className={blogStyles.cardLink}>
                    {post.title}
                  </Link>
                </h2>
                <p className={blogStyles.cardIntro}>{post.intro}</p>
                <div className={blogStyles.byline}>
                  <img src={post.aurther_img} alt="" width={36} height={36} className={blogStyles.authorImage} loading="lazy" />
                  <span>
                    <span className={blogStyles.author}>{post.author}</span>
                    <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
                  </span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <section className={blogStyles.cta} aria-labelledby="blog-cta-title">
        <h2 id="blog-cta-title">Price your jobs from this month&apos;s list</h2>
        <p>1,000+ electrical items with your markups and tax, updated monthly.</p>
        <Link to={paths.register} className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}>
          Sign up
        </Link>
      </section>
    </div>
  );
}
