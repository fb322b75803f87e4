import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { formatPostDate, postPath } from '../utils/post-path';
import type { PostSummary } from '../utils/rendered-post';
import buttonStyles from '../../../components/ui/button.module.css';
import blogStyles from './blog.module.css';
import { cx } from '../../../lib/cx';

/** /all-blogs (product §2.2): a card per published post, then a sign-up call to action. */
export function BlogList({ posts }: { posts: readonly PostSummary[] }) {
  return (
    <div className={blogStyles.page}>
      <header className={blogStyles.pageHeader}>
        <p className={blogStyles.eyebrow}>Tradelist blog</p>
        <h1 className={blogStyles.pageTitle}>Pricing, materials and the business of contracting</h1>
      </header>
      {posts.length === 0 ? (
        <p className={blogStyles.status}>No articles yet. Check back soon.</p>
      ) : (
        <ul className={blogStyles.cardGrid}>
          {posts.map((post, index) => (
            <li key={post.id} className={blogStyles.card}>
              {/* The first cards are the page's largest paint: fetched at once; the others as they scroll in. */}
              <img
                className={blogStyles.cardThumbnail}
                src={post.blog_thumbnail}
                alt=""
                width={640}
                height={360}
                loading={index < 2 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
              <div className={blogStyles.cardBody}>
                <p className={blogStyles.category}>{post.category}</p>
                <h2 className={blogStyles.cardTitle}>
                  <AppLink to={postPath(post)} className={blogStyles.cardLink}>
                    {post.title}
                  </AppLink>
                </h2>
                <p className={blogStyles.cardIntro}>{post.intro}</p>
                <div className={blogStyles.byline}>
                  <img src={post.author_image} alt="" width={36} height={36} className={blogStyles.authorImage} loading="lazy" />
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
        <AppLink to={paths.register} className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}>
          Sign up
        </AppLink>
      </section>
    </div>
  );
}
