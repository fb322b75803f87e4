import { useMemo } from 'react';
import type { BlogPostDetail } from '@tradelist/contract/content';
import { renderPostText } from '../utils/render-post-text';
import { formatPostDate } from '../utils/post-path';
import blogStyles from './blog.module.css';

/** What a post's body needs: the detail's fields as the public page shows them. */
export type PostBodyFields = Pick<BlogPostDetail, 'category' | 'title' | 'aurther_img' | 'author' | 'created_at' | 'intro' | 'paragraphs'>;

/**
 * A post's category, title, byline, intro and paragraphs, exactly as /blog/{id} shows them:
 * paragraph text is markdown, rendered and sanitised (product §11.17) before it is inserted. The
 * console's editor shows its live preview with this same component.
 */
export function PostBody({ post }: { post: PostBodyFields }) {
  const paragraphs = useMemo(() => post.paragraphs.map((paragraph) => ({ html: renderPostText(paragraph.text), image: paragraph.image })), [post.paragraphs]);
  return (
    <>
      <p className={blogStyles.category}>{post.category}</p>
      <h1 className={blogStyles.articleTitle}>{post.title}</h1>
      <div className={blogStyles.byline}>
        <img src={post.aurther_img} alt="" width={44} height={44} className={blogStyles.authorImage} />
        <span>
          <span className={blogStyles.author}>{post.author}</span>
          <span>
            Published <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
          </span>
        </span>
      </div>
      <p className={blogStyles.articleIntro}>{post.intro}</p>
      {paragraphs.map((paragraph, index) => (
        <section key={index} className={blogStyles.paragraph}>
          {paragraph.image ? <img src={paragraph.image} alt="" width={640} height={360} className={blogStyles.paragraphImage} /> : null}
          {/* Sanitised by renderPostText (DOMPurify): no script, handler or javascript: link remains. */}
          <div className={blogStyles.prose} dangerouslySetInnerHTML={{ __html: paragraph.html }} />
        </section>
      ))}
    </>
  );
}
