import createDOMPurify, { type WindowLike } from 'dompurify';
import { Marked } from 'marked';

/** Tags a post may use beyond DOMPurify's HTML profile defaults: none; these are removed as well. */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'];

/**
 * Renders a post's markdown to HTML that is safe to insert (product §11.17): markdown through
 * `marked`, then DOMPurify with the HTML profile, so no script, no event handler, no inline style
 * and no `javascript:` (or other non-web) link or image source reaches the page. Links to other
 * sites open without handing them our page (`rel="noopener noreferrer nofollow"`).
 *
 * `window` is the browser's; tests pass a jsdom window.
 */
export function createMarkdownRenderer(window: WindowLike): (markdown: string) => string {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      const href = node.getAttribute('href') ?? '';
      if (/^https?:\/\//i.test(href)) {
        node.setAttribute('rel', 'noopener noreferrer nofollow');
        node.setAttribute('target', '_blank');
      }
    }
  });
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  return (markdown) => {
    const html = marked.parse(markdown, { async: false });
    return purify.sanitize(html, {
      USE_PROFILES: { html: true },
      FORBID_TAGS,
      FORBID_ATTR: ['style'],
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/)|#)/i,
    });
  };
}
