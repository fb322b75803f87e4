import { Marked, type Tokens } from 'marked';
import { escapeHtml } from './templates.ts';

// Emails link only to absolute web and mail addresses; images only over https.
const SAFE_LINK = /^(https?:|mailto:)/i;
const SAFE_IMAGE = /^https:\/\//i;

/**
 * Markdown for emails (product news), rendered to HTML that is safe to send: markdown's own
 * output escapes its text, raw HTML in the source is shown as text (never as markup), and links
 * and images keep only web and mail addresses (no `javascript:` or `data:`), so nothing an
 * operator pastes can run or track in a mail client beyond a plain link.
 */
const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link): string {
      const text = this.parser.parseInline(token.tokens);
      if (!SAFE_LINK.test(token.href)) return text;
      return `<a href="${escapeHtml(token.href)}" style="color:#14213d">${text}</a>`;
    },
    image(token: Tokens.Image): string {
      if (!SAFE_IMAGE.test(token.href)) return escapeHtml(token.text);
      return `<img src="${escapeHtml(token.href)}" alt="${escapeHtml(token.text)}" style="max-width:100%">`;
    },
  },
});

/** The markdown as email HTML (see above). */
export function renderEmailMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
