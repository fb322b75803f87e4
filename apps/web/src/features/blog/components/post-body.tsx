import type { RenderedPost } from '../utils/rendered-post';
import { formatPostDate } from '../utils/post-path';
import blogStyles from './blog.module.css';

/** What a post's body needs: the fields the public page shows, paragraphs already rendered. */
export type PostBodyFields = Pick<RenderedPost, 'category' | 'title' | 'author_image' | 'author' | 'created_at' | 'intro' | 'paragraphs'>;

/**
 * A post's category, title, byline, intro and paragraphs, exactly as /blog/{id} shows them. The
 * paragraphs' HTML comes from createMarkdownRenderer (markdown, then DOMPurify: product §11.17):
 * the server renders it for the public page, and the console's live preview in the browser, with
 * the same renderer and rules.
 */
export function PostBody({ post }: { post: PostBodyFields }) {
  return (
    <>
      <p className={blogStyles.category}>{post.category}</p>
      <h1 className={blogStyles.articleTitle}>{post.title}</h1>
      <div className={blogStyles.byline}>
        <img src={post.author_image} alt="" width={44} height={44} className={blogStyles.authorImage} />
        <span>
          <span className={blogStyles.author}>{post.author}</span>
          <span>
            Published <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
          </span>
        </span>
      </div>
      <p className={blogStyles.articleIntro}>{post.intro}</p>
      {post.paragraphs.map((paragraph, index) => (
        <section key={index} className={blogStyles.paragraph}>
          {paragraph.image ? <img src={paragraph.image} alt="" width={640} height={360} className={blogStyles.paragraphImage} /> : null}
          {/* Sanitised by createMarkdownRenderer (DOMPurify): no script, handler or javascript: link remains. */}
          <div className={blogStyles.prose} dangerouslySetInnerHTML={{ __html: paragraph.html }} />
        </section>
      ))}
    </>
  );
}
